import path from "node:path";
import { DEPENDENCY_FOLDER_NAMES } from "@/lib/worktrees/dependency-folder-check.ts";

/**
 * The folders of DEPENDENCY_FOLDER_NAMES (Tidy up's list) that a package manager installs into:
 * what a gate's scratch checkout is given from a worktree. Build output (dist, target, .next) and
 * caches are not: the checks make their own from the merge's files.
 */
const INSTALLED_FOLDER_NAMES: ReadonlySet<string> = new Set(
  ["node_modules", "bower_components", ".venv", "venv", "vendor"].filter((name) => DEPENDENCY_FOLDER_NAMES.has(name)),
);

/**
 * Whether `folder` (relative, `/`-separated, as `git ls-files --others --directory` lists an
 * untracked folder) is an installed dependency folder: one of the names above, or Bundler's
 * `vendor/bundle` in a `vendor` that git tracks (a Rails app keeps `vendor/.keep`). Pure.
 */
export function isInstalledFolder(folder: string): boolean {
  const parts = folder.split("/");
  if (parts.some((part) => part === "" || part === "." || part === ".." || part === ".git")) return false;
  return INSTALLED_FOLDER_NAMES.has(parts.at(-1)!) || (parts.at(-1) === "bundle" && parts.at(-2) === "vendor");
}

/** Files that say which dependencies are installed: when the merge changes one, linked dependencies may be stale. */
export const DEPENDENCY_MANIFESTS: readonly string[] = [
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "pnpm-lock.yaml",
  "pnpm-workspace.yaml",
  "yarn.lock",
  "bun.lock",
  "bun.lockb",
  "requirements*.txt",
  "poetry.lock",
  "Pipfile",
  "Pipfile.lock",
  "uv.lock",
  "Gemfile",
  "Gemfile.lock",
  "composer.json",
  "composer.lock",
  "go.mod",
  "go.sum",
  "Cargo.lock",
];

/** git pathspecs matching every manifest at any depth (`**` matches no folder too, so the top level counts). Pure. */
export function manifestPathspecs(): string[] {
  return DEPENDENCY_MANIFESTS.map((name) => `:(glob)**/${name}`);
}

/**
 * Entries of a node_modules that are caches tools write while they run (babel-loader, eslint,
 * terser: `.cache`; Vite and Vitest: `.vite`, `.vitest`): not linked, so a check that writes one
 * writes it in the scratch, never in the user's node_modules.
 */
export const NODE_MODULES_CACHES: ReadonlySet<string> = new Set([".cache", ".vite", ".vitest"]);

/** Entries of a node_modules that hold packages or links (`@scope`, `.bin`): mirrored entry by entry, not linked whole. Pure. */
export function isFolderOfPackages(name: string): boolean {
  return name.startsWith("@") || name === ".bin";
}

/**
 * What a link found in the source worktree's node_modules should say in the scratch's: a target
 * inside the source worktree (a workspace package: `node_modules/app -> ../packages/app`) is the
 * same path in the scratch, written relative, so the checks use the merge's files and not the
 * worktree's; a target outside it stays where it is (absolute). Paths are real (no link in them). Pure.
 */
export function planMirroredLink(input: {
  sourceRoot: string;
  scratchRoot: string;
  /** The folder holding the link in the source, and the one holding its copy in the scratch. */
  sourceFolder: string;
  scratchFolder: string;
  /** What the link says (readlink). */
  text: string;
}): string {
  const target = path.resolve(input.sourceFolder, input.text);
  const relative = path.relative(input.sourceRoot, target);
  const isInside = relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`));
  if (!isInside || path.isAbsolute(relative)) return target;
  return path.relative(input.scratchFolder, path.join(input.scratchRoot, relative)) || ".";
}
