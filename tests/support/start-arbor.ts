import { spawn, type ChildProcess } from "node:child_process";
import { FAIR_SHARE_AGENTS } from "./fair-share-agents.ts";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "@/server/node-flags.ts";
import { browserHeaders, signInWithLink, type BrowserCredential } from "./browser-credential.ts";
import { databaseEnvFor } from "./test-database.ts";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * What a client needs to reach a running Arbor: its address, its access token (an API client's, which only
 * reads) and a signed-in browser's credential (what Arbor's own page sends, which may act).
 */
export interface ArborAddress {
  url: string;
  /** The access token (sent as `Authorization: Bearer`): reads only. */
  token: string;
  /** The cookie and page key of the browser the harness signed in with the printed link. */
  browser: BrowserCredential;
}

export interface RunningArbor extends ArborAddress {
  port: number;
  /** The sign-in link the server printed (`<url>/?signin=…`). The harness used it to sign `browser` in. */
  signInUrl: string;
  /** A new one-time sign-in link ("Sign in another device"), for a test that signs a browser in itself. */
  mintSignInLink(): Promise<string>;
  dataDir: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM and wait for exit (graceful shutdown path). */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash would. */
  kill9(): Promise<void>;
}

/**
 * Starts a real Arbor server (the same entry point as `npm start`) on a free port with a
 * throw-away data directory. Requires a Next build (`npm run build`).
 */
export async function startArbor(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    args?: string[];
    /** 0 (default) picks a free port; null passes no --port flag (ARBOR_PORT decides). */
    port?: number | null;
    /** Run the server as another user (tests of file permissions; root ignores them). */
    user?: { uid: number; gid: number };
    /** Extra Node flags for the server process (e.g. `--cpu-prof` when profiling a benchmark). */
    nodeArgs?: string[];
    /** Start the server under this umask (through `sh`, which sets it before exec'ing node). */
    umask?: number;
    /** The checkout to start from (a copy: checkout-copy.ts); this one by default. */
    projectDir?: string;
    /** Load the server's TypeScript through tsx (server/main.ts) instead of the build's bundle (a baseline). */
    fromSources?: boolean;
  } = {},
): Promise<RunningArbor> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "arbor-data-"));
  const env = {} as NodeJS.ProcessEnv;
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === "CLAUDECODE" || key.startsWith("CLAUDE_CODE_") || key === "DATABASE_URL")
      continue;
    if (key.startsWith("ARBOR_") && key !== "ARBOR_NEXT_DIST") continue;
    env[key] = value;
  }
  // Never the real ~/.claude: a throw-away HOME and Claude config folder unless the test gives its own.
  if (!options.env?.HOME) {
    env.HOME = path.join(dataDir, "home");
    mkdirSync(env.HOME, { recursive: true });
  }
  env.CLAUDE_CONFIG_DIR = options.env?.CLAUDE_CONFIG_DIR ?? path.join(options.env?.HOME ?? env.HOME!, ".claude");
  // A PostgreSQL run (ARBOR_TEST_DB=postgresql) gives each data directory a database of its own.
  const databaseEnv = options.env?.DATABASE_URL ? {} : await databaseEnvFor(dataDir);
  // The load benchmark, which measures the server beside agents as users run them, passes the product's niceness.
  Object.assign(
    env,
    { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    FAIR_SHARE_AGENTS,
    databaseEnv,
    options.env,
  );
  const nodeArgv = [
    ...SERVER_NODE_FLAGS,
    ...(options.nodeArgs ?? []),
    ...(options.fromSources ? ["--import", "tsx", "server/main.ts"] : ["server/launch.mjs"]),
    ...(options.port === null ? [] : ["--port", String(options.port ?? 0)]),
    "--data-dir",
    dataDir,
    ...(options.args ?? []),
  ];
  const [bin, argv] =
    options.umask === undefined
      ? [process.execPath, nodeArgv]
      : [
          "/bin/sh",
          [
            "-c",
            `umask ${options.umask.toString(8).padStart(3, "0")} && exec "$0" "$@"`,
            process.execPath,
            ...nodeArgv,
          ],
        ];
  const child = spawn(bin, argv, {
    cwd: options.projectDir ?? repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.user ?? {}),
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  // Ready once the server printed its sign-in link, the last line of its start-up.
  const signInUrl = await new Promise<URL>((resolve, reject) => {
    const onData = () => {
      const match = /signs your browser in, once\): (http:\/\/\S+\/\?signin=\S+)/.exec(output);
      if (match) {
        child.stdout.off("data", onData);
        resolve(new URL(match[1]!));
      }
    };
    child.stdout.on("data", onData);
    void exited.then((code) => reject(new Error(`Arbor exited with code ${code} before listening:\n${output}`)));
  });
  const port = Number(signInUrl.port);
  const url = `http://127.0.0.1:${port}`;
  // The harness is the person at Arbor's terminal: it reads the token file and opens the printed link.
  const tokenFlag = options.args?.indexOf("--token") ?? -1;
  const token =
    (tokenFlag >= 0 ? options.args?.[tokenFlag + 1] : undefined) ??
    (env.ARBOR_TOKEN || readFileSync(path.join(dataDir, "access-token"), "utf8").trim());
  const browser = await signInWithLink(signInUrl.href);

  return {
    url,
    token,
    browser,
    signInUrl: signInUrl.href,
    async mintSignInLink() {
      const response = await fetch(`${url}/api/sign-in/links`, {
        method: "POST",
        headers: browserHeaders({ url, browser }),
      });
      if (!response.ok) throw new Error(`minting a sign-in link answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { link: { url: string } }).link.url;
    },
    port,
    dataDir,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
    async kill9() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Removes a data directory created by startArbor. */
export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}
