// Starts Arbor's server: `npm start`, `arbor start` and the tests start here.
//   node --optimize-for-size --single-threaded-gc server/launch.mjs [--port 3000] [--data-dir DIR] …
// It runs the current build's bundle of the server (scripts/build-bundles.mjs), plain JavaScript made
// with the build from the same sources, and tells it which build that is, so the code serves its own
// pages. In dev (`--dev`), or when the build has no bundle, it loads the TypeScript through tsx instead.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const argv = process.argv.slice(2);

/** The build current.json names (scripts/next-build/current-build.ts), if any. */
function currentBuild() {
  // The build folder root, as the server reads it (lib/config/arbor-config.ts: ARBOR_NEXT_DIST).
  const root = path.resolve(projectRoot, process.env.ARBOR_NEXT_DIST || ".next");
  try {
    const { build } = JSON.parse(readFileSync(path.join(root, "current.json"), "utf8"));
    if (typeof build !== "string" || !/^\d+-\d+$/.test(build)) return null;
    const bundle = path.join(root, "builds", build, "arbor", "server.mjs");
    return existsSync(bundle) ? { build, bundle } : null;
  } catch {
    return null;
  }
}

const current = argv.includes("--dev") ? null : currentBuild();
if (current) {
  const { runServer } = await import(pathToFileURL(current.bundle).href);
  runServer({ argv, build: current.build });
} else {
  const { register } = await import("tsx/esm/api");
  // The project's tsconfig resolves the @/ import paths whatever the current directory is.
  register({ tsconfig: path.join(projectRoot, "tsconfig.json") });
  const { runServer } = await import("./start-server.ts");
  runServer({ argv });
}
