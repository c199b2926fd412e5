// Where a build keeps its plain JavaScript bundles (made by scripts/build-bundles.mjs); the server
// reads them from here, so this module holds the paths alone.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Where a build's bundles are, given its folder relative to the project or absolute. */
export function bundlePaths(buildDir) {
  const folder = path.resolve(root, buildDir, "arbor");
  return {
    server: path.join(folder, "server.mjs"),
    processHost: path.join(folder, "process-host.mjs"),
    historyReader: path.join(folder, "history-reader.mjs"),
  };
}
