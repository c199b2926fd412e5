// Bundles the reader thread of "Import history" (lib/history-import/reader-thread.ts and what it
// imports) into one plain JavaScript file in the build folder, so the threads start without tsx:
// tsx and esbuild's service loaded into each thread cost about 20 MB of RSS per thread.
// The server starts threads from this file when it exists (server/main.ts); in dev, or without
// it, they load the TypeScript through tsx (reader-thread-entry.mjs). Made with each build
// (scripts/next-build/make-build.ts), before the build is swapped in.
import { mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Where the bundle goes in a build's folder, relative to the project or absolute (server/main.ts reads it there). */
export function historyReaderBundlePath(buildDir) {
  return path.resolve(root, buildDir, "arbor", "history-reader.mjs");
}

/** Bundles the reader thread into a build's folder; written whole or not at all. */
export async function buildHistoryReader(buildDir) {
  // Loaded here, not at the top: the server imports this module for the path alone.
  const { buildSync } = await import("esbuild");
  const target = historyReaderBundlePath(buildDir);
  const temporary = `${target}.${process.pid}.tmp`;
  mkdirSync(path.dirname(target), { recursive: true });
  buildSync({
    entryPoints: [path.join(root, "lib", "history-import", "reader-thread.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    outfile: temporary,
    logLevel: "error",
  });
  renameSync(temporary, target);
  return target;
}
