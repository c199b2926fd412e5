// The newest mtime among the files a build reads (Next's pages, and the server's bundles: scripts/build-bundles.mjs):
// a build made after it holds every change.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./build-layout.ts";

const SOURCES = [
  "app",
  "components",
  "lib",
  "server",
  "scripts/next-build",
  "scripts/build-bundles.mjs",
  "scripts/bundle-paths.mjs",
  "public",
  "next.config.ts",
  "postcss.config.mjs",
  "package.json",
  "tsconfig.json",
  "tsconfig.base.json",
];

export function newestSourceMtime(project: string = projectRoot): number {
  return Math.max(...SOURCES.map((source) => newestMtime(path.join(project, source))));
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}
