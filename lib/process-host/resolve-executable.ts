import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

/**
 * Finding programs without letting the folder they run in decide which one runs. A child started
 * in a worktree with `PATH=.:…` or `PATH=node_modules/.bin:…` (an empty entry means `.`) would
 * run the repository's own `claude`, `gh` or `node`: spawn() and `#!/usr/bin/env` resolve such
 * entries against the child's working directory. Only absolute entries are ever searched here.
 */

/** The absolute entries of a PATH value, in order, without duplicates (empty and relative ones dropped). */
export function listSearchDirectories(pathValue: string | undefined): string[] {
  const seen = new Set<string>();
  for (const entry of (pathValue ?? "").split(path.delimiter)) {
    if (entry === "" || !path.isAbsolute(entry)) continue;
    const normalized = path.normalize(entry);
    seen.add(normalized.length > 1 ? normalized.replace(/\/+$/, "") : normalized);
  }
  return [...seen];
}

/** A PATH value for a child process: the same search order, relative and empty entries removed. */
export function sanitizeSearchPath(pathValue: string | undefined): string | undefined {
  return pathValue === undefined ? undefined : listSearchDirectories(pathValue).join(path.delimiter);
}

/**
 * True for a regular file (after links) that this process may execute. A missing file, the usual
 * answer while PATH is searched, is told without an exception (each spawn searches).
 */
export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The absolute path of the program `name` (a bare name) in the absolute entries of `pathValue`,
 * skipping directories `isSkipped` rejects, or null. A name with a slash is not searched: an
 * absolute one is returned when it is executable, a relative one never (it would be relative to
 * whatever folder the child starts in).
 */
export function findExecutable(input: {
  name: string;
  pathValue: string | undefined;
  isSkipped?: (directory: string) => boolean;
}): string | null {
  const { name } = input;
  if (name === "" || name.includes("\0")) return null;
  if (name.includes("/")) return path.isAbsolute(name) && isExecutableFile(name) ? path.normalize(name) : null;
  for (const directory of listSearchDirectories(input.pathValue)) {
    if (input.isSkipped?.(directory)) continue;
    const candidate = path.join(directory, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}
