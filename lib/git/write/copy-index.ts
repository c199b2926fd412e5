import { copyFile, stat, utimes } from "node:fs/promises";

/**
 * Copies a git index with its modification time. Git trusts an entry whose file has the same size and
 * time as recorded only when the entry is older than the index file itself; an entry written in the
 * same second as its index is "racily clean" and gets its content compared. A copy stamped now would
 * make such an entry look settled, and a file rewritten in that second with the same size would keep
 * its old content in the checkpoint.
 */
export async function copyIndexFile(source: string, target: string): Promise<void> {
  const { atime, mtime } = await stat(source);
  await copyFile(source, target);
  await utimes(target, atime, mtime);
}
