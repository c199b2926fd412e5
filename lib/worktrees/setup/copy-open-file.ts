import { constants } from "node:fs";
import { open, unlink, type FileHandle } from "node:fs/promises";
import { formatBytes } from "@/lib/worktrees/format-bytes.ts";
import type { CopyOutcome } from "@/lib/worktrees/worktree-types.ts";

/** One file's copy, with the bytes it counts against the setup's budget. */
export type Copied = CopyOutcome & { bytes: number };

/**
 * How much one setup copies in all. Its files are small (`.env`, local settings); a listed file
 * that grew to gigabytes, or a sparse one that claims terabytes and would be written out in full,
 * must not fill the disk.
 */
export const SETUP_COPY_MAX_BYTES = 1024 ** 3;

/**
 * Copies `source` to a new file `target`, checking what was opened: the path may have become a
 * link or a FIFO since it was looked at (O_NOFOLLOW, O_NONBLOCK), a folder on its way a link to
 * another file (the opened file must be `expected`, the one found at its real path: same device
 * and inode), and its size counts against the budget. A copy that fails half way leaves no part of itself.
 */
export async function copyOpenFile(input: {
  source: string;
  target: string;
  file: string;
  budget: number;
  expected: { dev: number; ino: number };
}): Promise<Copied> {
  const { file } = input;
  let reader: FileHandle;
  try {
    reader = await open(input.source, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP")
      return { path: file, status: "refused", reason: "it became a symbolic link while being copied", bytes: 0 };
    throw error;
  }
  try {
    const stats = await reader.stat();
    if (!stats.isFile()) return { path: file, status: "refused", reason: explainNotAFile(stats), bytes: 0 };
    if (stats.dev !== input.expected.dev || stats.ino !== input.expected.ino)
      return {
        path: file,
        status: "refused",
        reason:
          "a folder on its way changed while it was being copied (the file opened is not the one checked in the main worktree); nothing was copied, try again",
        bytes: 0,
      };
    if (stats.size > input.budget)
      return { path: file, status: "refused", reason: explainTooBig(stats.size, input.budget), bytes: 0 };
    let writer: FileHandle;
    try {
      const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
      writer = await open(input.target, flags, stats.mode & 0o777);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST")
        return {
          path: file,
          status: "skipped",
          reason: "the new worktree already has it (kept as checked out)",
          bytes: 0,
        };
      throw error;
    }
    let isCopied = false;
    try {
      await copyBytes({ reader, writer, size: stats.size });
      await writer.close();
      isCopied = true;
    } finally {
      // A copy cut short (or a close that failed) leaves no part of itself, however the close went.
      if (!isCopied) {
        await writer.close().catch(() => undefined);
        await unlink(input.target).catch(() => undefined);
      }
    }
    return { path: file, status: "copied", reason: null, bytes: stats.size };
  } finally {
    await reader.close();
  }
}

/** Copies the first `size` bytes (the size checked, however much the file grows meanwhile), a chunk at a time. */
async function copyBytes(input: { reader: FileHandle; writer: FileHandle; size: number }): Promise<void> {
  const buffer = Buffer.alloc(Math.min(input.size, 1024 * 1024));
  let position = 0;
  while (position < input.size) {
    const { bytesRead } = await input.reader.read(buffer, 0, Math.min(buffer.length, input.size - position), position);
    if (bytesRead === 0) break;
    await input.writer.write(buffer, 0, bytesRead);
    position += bytesRead;
  }
}

export function explainNotAFile(stats: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (stats.isDirectory()) return "it is a folder, and folders are not copied: list the files in it";
  const kind = stats.isFIFO() ? "a named pipe (FIFO)" : stats.isSocket() ? "a socket" : "a device";
  return `it is ${kind}, not a regular file; only regular files are copied`;
}

function explainTooBig(size: number, budget: number): string {
  const limit = formatBytes(SETUP_COPY_MAX_BYTES);
  const left = budget < SETUP_COPY_MAX_BYTES ? ` (${formatBytes(budget)} of it is left after the files before it)` : "";
  return `it is ${formatBytes(size)}, and a setup copies at most ${limit} in all${left}; copy it by hand, or leave it out of the list`;
}
