// Where one build folder root (ARBOR_NEXT_DIST) keeps its builds. A build is made in `builds/.staging/`
// (always the same distDir, so Turbopack's cache there stays warm), then renamed to `builds/<name>/`, which
// no later build writes into: at the same depth, so the links a build holds (node_modules/) stay right.
// `current.json` names the build new servers start from.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface BuildLayout {
  /** The root as Next's distDir is written: relative to the project. */
  root: string;
  rootPath: string;
  buildsPath: string;
  currentPath: string;
  lockPath: string;
  /** One file per running server: the build it serves (served-build.ts). */
  serversPath: string;
  /** Where the lock holder makes a build (make-build.ts). */
  stagingPath: string;
}

/** The layout of a build folder root, given as ARBOR_NEXT_DIST gives it (relative to the project or absolute). */
export function buildLayout(distRoot: string, project: string = projectRoot): BuildLayout {
  const rootPath = path.resolve(project, distRoot);
  return {
    root: path.relative(project, rootPath),
    rootPath,
    buildsPath: path.join(rootPath, "builds"),
    currentPath: path.join(rootPath, "current.json"),
    lockPath: path.join(rootPath, "build.lock"),
    serversPath: path.join(rootPath, "servers"),
    stagingPath: path.join(rootPath, "builds", ".staging"),
  };
}

/** A build's folder as Next's distDir (relative to the project, as Next joins it to the project). */
export function buildDistDir(layout: BuildLayout, build: string): string {
  return path.join(layout.root, "builds", build);
}

export function buildPath(layout: BuildLayout, build: string): string {
  return path.join(layout.buildsPath, build);
}

/** A new build's name: when it started and who made it, so names sort by age and never collide. */
export function newBuildName(now: number = Date.now(), pid: number = process.pid): string {
  return `${now}-${pid}`;
}
