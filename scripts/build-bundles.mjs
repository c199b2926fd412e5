// The plain JavaScript bundles made with each build, in the build's folder (`<build>/arbor/`), so the
// processes a build serves start without tsx (docs/decisions/0020-a-bundled-server.md):
//   server.mjs        the server itself (server/start-server.ts), started by server/launch.mjs;
//   process-host.mjs  the process host it forks (server/process-host/host.ts);
//   history-reader.mjs the reader threads of "Import history" (lib/history-import/reader-thread.ts).
// tsx transpiles each file at load through a loader thread and maps stacks through source maps: about
// 2.5 s of CPU per server start and 20 MB of RSS per reader thread. Made by scripts/next-build/make-build.ts
// before the build is swapped in, so a build's bundles always match its pages.
import { mkdirSync, renameSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundlePaths } from "./bundle-paths.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * What each bundle starts from. Packages stay imports in the server's and the host's (Node finds them in the
 * project's node_modules above the build folder; Next and Prisma load their own files relative to themselves);
 * a reader thread takes everything inside (no package loading per thread).
 */
const ENTRIES = {
  server: { entry: "server/start-server.ts", packages: "external" },
  processHost: { entry: "server/process-host/host.ts", packages: "external" },
  historyReader: { entry: "lib/history-import/reader-thread.ts", packages: undefined },
};

/** Bundles into a build's folder (all, or the ones named); each file is written whole or not at all. */
export async function buildBundles(buildDir, names = Object.keys(ENTRIES)) {
  const { build } = await import("esbuild");
  const paths = bundlePaths(buildDir);
  for (const name of names) {
    const target = paths[name];
    const temporary = `${target}.${process.pid}.tmp`;
    mkdirSync(path.dirname(target), { recursive: true });
    await build({
      entryPoints: [path.join(root, ENTRIES[name].entry)],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: ENTRIES[name].packages,
      tsconfig: path.join(root, "tsconfig.json"),
      outfile: temporary,
      logLevel: "error",
      plugins: [sourceLocation(path.dirname(target))],
    });
    renameSync(temporary, target);
  }
  return paths;
}

/**
 * Keeps `import.meta.url` meaning the source file's own address inside a bundle, so what a file finds
 * next to it (the project root, a worker's file, a package resolved from there) is found as before.
 * The bundle sits at a fixed depth in the build folder, so the relative address holds after the rename.
 */
function sourceLocation(bundleFolder) {
  return {
    name: "source-location",
    setup(build) {
      build.onLoad({ filter: /\.(ts|tsx|mjs)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, "utf8");
        const address = JSON.stringify(path.relative(bundleFolder, args.path).split(path.sep).join("/"));
        return {
          contents: source.replaceAll("import.meta.url", `new URL(${address}, import.meta.url).href`),
          loader: args.path.endsWith(".mjs") ? "js" : args.path.endsWith(".tsx") ? "tsx" : "ts",
        };
      });
    },
  };
}
