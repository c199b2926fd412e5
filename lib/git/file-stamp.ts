import { statSync } from "node:fs";

/**
 * Inode, size and times of a file, or "-" when there is none or it cannot be read: any rewrite of a
 * git index or config file changes them, so an equal stamp means a cached read of the file still holds.
 * Synchronous: a few stat calls cost less than one trip through the thread pool, and a missing file
 * (the usual answer for optional config files) costs no exception.
 */
export function stampFile(file: string): string {
  try {
    const found = statSync(file, { bigint: true, throwIfNoEntry: false });
    return found ? `${found.ino}:${found.size}:${found.mtimeNs}:${found.ctimeNs}` : "-";
  } catch {
    return "-";
  }
}

/** The stamps of several files as one string, in the order given. */
export function stampFiles(files: readonly string[]): string {
  return files.map(stampFile).join(" ");
}
