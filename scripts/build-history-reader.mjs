// Bundles the reader thread of "Import history" (lib/history-import/reader-thread.ts and what it
// imports) into one plain JavaScript file in the build folder, so the threads start without tsx:
// tsx and esbuild's service loaded into each thread cost about 20 MB of RSS per thread.
// The server starts threads from this file when it exists (server/main.ts); in dev, or without
// it, they load the TypeScript through tsx (reader-thread-entry.mjs). Run by ensure-build.mjs.
import { mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Where the bundle goes for a build folder, relative to the project or absolute (server/main.ts reads it there). */
export function historyReaderBundlePath(distDir) {
  return path.resolve(root, distDir, "arbor", "history-reader.mjs");
}

/** Bundles the reader thread into the build folder; written whole or not at all. */
export async function buildHistoryReader(distDir) {
  // Loaded here, not at the top: the server imports this module for the path alone.
  const { buildSync } = await import("esbuild");
  const target = historyReaderBundlePath(distDir);
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await buildHistoryReader(process.env.ARBOR_NEXT_DIST ?? ".next"));
}
