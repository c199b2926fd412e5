import type { Dirent } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Folders a package manager or build tool fills and can fill again (npm/pnpm/yarn, Python
 * virtualenvs, Cargo/Maven, Go/PHP vendor, Next.js, bundlers' output, Gradle, caches).
 */
export const DEPENDENCY_FOLDER_NAMES: ReadonlySet<string> = new Set([
  "node_modules",
  "bower_components",
  ".pnpm-store",
  ".yarn",
  ".venv",
  "venv",
  "__pycache__",
  ".tox",
  ".mypy_cache",
  ".pytest_cache",
  "target",
  "vendor",
  ".next",
  ".nuxt",
  ".turbo",
  ".parcel-cache",
  "dist",
  "build",
  ".gradle",
]);

/**
 * Why `folder` (relative to a worktree, with `/`) is not a top-most dependency folder by its name
 * (a suffix to that name), or null. Pure: node_modules and vendor/ are, packages/web/.venv is,
 * node_modules/a/node_modules is not (its outer folder is the one), nor `..`, `src.txt` or anything in `.git`.
 */
export function explainNotDependencyFolder(folder: string): string | null {
  const parts = folder.split("/");
  if (parts.some((part) => part === "" || part === "." || part === ".." || part === ".git" || part.includes("\0")))
    return NOT_A_DEPENDENCY_FOLDER;
  if (!DEPENDENCY_FOLDER_NAMES.has(parts.at(-1)!)) return NOT_A_DEPENDENCY_FOLDER;
  const outer = parts.slice(0, -1).findIndex((part) => DEPENDENCY_FOLDER_NAMES.has(part));
  return outer === -1
    ? null
    : `is inside ${parts.slice(0, outer + 1).join("/")}, a dependency folder itself; only that outer folder is deleted`;
}

const NOT_A_DEPENDENCY_FOLDER =
  "is not a dependency folder of this worktree (only folders such as node_modules, .venv or target are deleted)";

/**
 * Why the folder cannot be reached as a real folder from `root` (a real path), one part at a time
 * without following a link, or null: it is gone, it or a folder on its way is a link or a file.
 */
export async function explainUnreachable(root: string, folder: string): Promise<string | null> {
  const parts = folder.split("/");
  let current = root;
  for (const [index, part] of parts.entries()) {
    current = path.join(current, part);
    const stats = await lstat(current).catch((error: NodeJS.ErrnoException) => error);
    if (stats instanceof Error)
      return stats.code === "ENOENT" || stats.code === "ENOTDIR" ? "is gone" : `could not be looked at (${stats.code})`;
    const isLast = index === parts.length - 1;
    if (stats.isSymbolicLink())
      return isLast
        ? "is a symbolic link now; nothing is deleted through a link"
        : `is reached through a symbolic link (${parts.slice(0, index + 1).join("/")}); nothing is deleted through a link`;
    if (!stats.isDirectory()) return isLast ? "is no longer a folder (it is a file now); it was kept" : "is gone";
  }
  return null;
}

/**
 * The first git repository (a `.git` entry of any kind) inside a folder, searched through all its
 * subfolders with no limit on their number (links not followed, files not looked at), `concurrency`
 * folders at a time. A subfolder that cannot be read means the answer is not known: `unreadable`
 * names it. Paths are relative to the worktree (`relative` is the folder's own). `skip` holds
 * absolute folders not to enter (other worktrees, which the caller names as such).
 */
export async function findRepositoryInside(
  folder: { absolute: string; relative: string },
  options: { concurrency?: number; skip?: ReadonlySet<string> } = {},
): Promise<{ repository: string | null; unreadable: string | null }> {
  const concurrency = options.concurrency ?? 8;
  const queue = [folder];
  let repository: string | null = null;
  let unreadable: string | null = null;
  const visit = async (next: (typeof queue)[number]) => {
    let entries: Dirent[];
    try {
      entries = await readdir(next.absolute, { withFileTypes: true });
    } catch (error) {
      unreadable ??= `${next.relative} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      return;
    }
    for (const entry of entries) {
      if (entry.name === ".git") repository ??= next.relative;
      else if (entry.isDirectory()) {
        const absolute = path.join(next.absolute, entry.name);
        if (!options.skip?.has(absolute)) queue.push({ absolute, relative: `${next.relative}/${entry.name}` });
      }
    }
  };
  await new Promise<void>((resolve) => {
    let active = 0;
    const isDone = () => repository !== null || unreadable !== null;
    const pump = () => {
      while (active < concurrency && queue.length > 0 && !isDone()) {
        active += 1;
        void visit(queue.pop()!).finally(() => {
          active -= 1;
          pump();
        });
      }
      if (active === 0 && (queue.length === 0 || isDone())) resolve();
    };
    pump();
  });
  return { repository, unreadable };
}
