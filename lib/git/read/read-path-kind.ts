import { stat } from "node:fs/promises";

export type PathKind = "directory" | "file" | "missing";

/**
 * Says whether `path` is a directory, something else, or absent. A path running through a file
 * (ENOTDIR) counts as missing; other errors (such as EACCES) are rethrown for the caller to map.
 */
export async function readPathKind(path: string): Promise<PathKind> {
  try {
    return (await stat(path)).isDirectory() ? "directory" : "file";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return "missing";
    throw error;
  }
}
