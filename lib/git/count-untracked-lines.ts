import { lstat, open } from "node:fs/promises";
import type { ChangedFile } from "./change-types.ts";
import { pathTokenToBytes } from "./git-path.ts";
import { runWithConcurrency } from "./run-with-concurrency.ts";

/** Untracked files counted per listing; past this, new files show without line counts. */
const MAX_COUNTED_FILES = 2000;
/** Larger files are not read to count their lines. */
const MAX_COUNTED_BYTES = 2 * 1024 * 1024;
/** Like git: a NUL byte among the first 8000 bytes makes a file binary. */
const BINARY_PROBE_BYTES = 8000;

/**
 * Fills in the lines of untracked files (git's numstat does not cover them): each is read, by
 * its exact bytes name, from the worktree. Binary files (a NUL early on, like git decides),
 * symlinks (their target is one line, as git would store it) and folders (a nested repository)
 * are marked as such. Mutates `files`.
 */
export async function countUntrackedLines(input: { worktreePath: string; files: ChangedFile[] }): Promise<void> {
  const untracked = input.files.filter((file) => file.kind === "untracked").slice(0, MAX_COUNTED_FILES);
  const root = Buffer.from(`${input.worktreePath}/`);
  await runWithConcurrency({
    items: untracked,
    limit: 16,
    task: async (file) => {
      const name = Buffer.from(pathTokenToBytes(file.path));
      const trailingSlash = name.at(-1) === 0x2f;
      const full = Buffer.concat([root, trailingSlash ? name.subarray(0, -1) : name]);
      try {
        const info = await lstat(full);
        if (info.isSymbolicLink()) {
          Object.assign(file, { isSymlink: true, newMode: "120000", additions: 1, deletions: 0 });
        } else if (info.isDirectory()) {
          Object.assign(file, { isSubmodule: true, newMode: "160000" });
        } else if (info.isFile()) {
          if ((info.mode & 0o111) !== 0) file.newMode = "100755";
          if (info.size <= MAX_COUNTED_BYTES) Object.assign(file, await countLines(full, info.size));
        }
      } catch {
        // Gone or unreadable since git listed it: shown without counts.
      }
    },
  });
}

async function countLines(
  path: Buffer,
  size: number,
): Promise<{ additions: number | null; deletions: number; isBinary: boolean }> {
  const handle = await open(path, "r");
  try {
    const bytes = Buffer.alloc(size);
    const { bytesRead } = await handle.read(bytes, 0, size, 0);
    const content = bytes.subarray(0, bytesRead);
    if (content.subarray(0, BINARY_PROBE_BYTES).includes(0)) return { additions: null, deletions: 0, isBinary: true };
    let lines = 0;
    for (const byte of content) if (byte === 0x0a) lines += 1;
    if (content.length > 0 && content.at(-1) !== 0x0a) lines += 1;
    return { additions: lines, deletions: 0, isBinary: false };
  } finally {
    await handle.close();
  }
}
