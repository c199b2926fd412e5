// Makes a build aside and swaps it in. `next build` writes `builds/.staging/` (Next empties it first, all
// but its cache); the finished build is renamed to a folder of its own and the cache moves back for the next
// one. A renamed build runs: a Next server passes its own distDir to each route.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { buildBundles } from "@/scripts/build-bundles.mjs";
import { buildPath, newBuildName, projectRoot, type BuildLayout } from "./build-layout.ts";
import { readCurrentBuild, writeCurrentBuild } from "./current-build.ts";

/** Builds and makes the build current; returns `next build`'s exit status and, when it is 0, the new build. */
export async function makeBuild(input: {
  layout: BuildLayout;
  sourcesAt: number;
  onChild: (pid: number) => void;
}): Promise<{ status: number; build: string | null }> {
  const { layout } = input;
  const status = await runNextBuild(path.relative(projectRoot, layout.stagingPath), input.onChild);
  if (status !== 0) return { status, build: null };
  await buildBundles(layout.stagingPath);
  const build = newBuildName();
  renameSync(layout.stagingPath, buildPath(layout, build));
  const cache = path.join(buildPath(layout, build), "cache");
  mkdirSync(layout.stagingPath);
  if (existsSync(cache)) renameSync(cache, path.join(layout.stagingPath, "cache"));
  writeCurrentBuild(layout, { build, sourcesAt: input.sourcesAt, previous: readCurrentBuild(layout)?.build ?? null });
  return { status, build };
}

function runNextBuild(distDir: string, onChild: (pid: number) => void): Promise<number> {
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  const child = spawn(process.execPath, [nextBin, "build"], {
    cwd: projectRoot,
    stdio: "inherit",
    // next.config.ts reads the folder to build into from here (next-dist-dir.ts).
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ARBOR_NEXT_BUILD_DIR: distDir },
  });
  if (child.pid !== undefined) onChild(child.pid);
  // Stopped by a signal, this process passes it on and waits for the build to end, so that it releases
  // the lock (ensure-build.ts) rather than leave it for the next start to take over.
  const passOn = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", passOn).on("SIGTERM", passOn);
  return new Promise((resolve) => {
    child.once("error", () => resolve(1));
    child.once("exit", (code) => {
      process.off("SIGINT", passOn).off("SIGTERM", passOn);
      resolve(code ?? 1);
    });
  });
}
