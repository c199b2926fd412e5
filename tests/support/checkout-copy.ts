import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { repoRoot, startArbor, type RunningArbor } from "./start-arbor.ts";

/** What `npm start` reads: the sources, the server, the scripts and the migrations (lib/db/generated too). */
const CHECKOUT_ENTRIES = [
  "app",
  "components",
  "lib",
  "public",
  "server",
  "scripts",
  "prisma",
  "next.config.ts",
  "postcss.config.mjs",
  "prisma.config.ts",
  "package.json",
  "tsconfig.json",
  "tsconfig.base.json",
];

/**
 * A checkout of its own, with no build yet, under `.arbor-test/` of this one: packages resolve from
 * this checkout's node_modules as from a parent folder (Turbopack refuses a node_modules linked in
 * from outside the project). Remove it with removeCheckout.
 */
export function copyCheckout(): string {
  mkdirSync(path.join(repoRoot, ".arbor-test"), { recursive: true });
  const dir = mkdtempSync(path.join(repoRoot, ".arbor-test", "checkout-"));
  for (const entry of CHECKOUT_ENTRIES) cpSync(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  return dir;
}

export function removeCheckout(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface BuildStep {
  child: ChildProcess;
  pid: number;
  output(): string;
  /** Resolves once the output matches (rejects if the step exits first). */
  seen(pattern: RegExp): Promise<void>;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Kills the build steps still running (a test that failed half way leaves no builder behind). */
export function killBuildSteps(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** `npm start`'s build step (prestart: scripts/ensure-build.mjs) in a checkout; `detached` gives it a process group. */
export function startBuildStep(dir: string, options: { detached?: boolean } = {}): BuildStep {
  const env: NodeJS.ProcessEnv = { ...process.env, ARBOR_NEXT_DIST: ".next" };
  delete env.ARBOR_NEXT_BUILD_DIR;
  const child = spawn(process.execPath, ["scripts/ensure-build.mjs"], {
    cwd: dir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    pid: child.pid!,
    output: () => output,
    exited,
    seen: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output)) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
        void exited.then((code) =>
          reject(new Error(`the build step exited (${code}) before printing ${pattern}:\n${output}`)),
        );
      }),
  };
}

/** `npm start` in a checkout: the build step, then the server once it succeeded. */
export async function npmStart(dir: string, build: BuildStep = startBuildStep(dir)): Promise<RunningArbor> {
  const code = await build.exited;
  if (code !== 0) throw new Error(`the build step exited with ${code}:\n${build.output()}`);
  return startArbor({ projectDir: dir, env: { ARBOR_NEXT_DIST: ".next" } });
}
