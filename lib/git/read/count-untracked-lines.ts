import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { ChangedFile } from "@/lib/git/change-types.ts";
import { pathTokenToBytes } from "@/lib/git/git-path.ts";

/** Untracked files counted per listing; past this, new files show without line counts. */
const MAX_COUNTED_FILES = 2000;
/** Larger files are not read to count their lines. */
const MAX_COUNTED_BYTES = 2 * 1024 * 1024;
/** Like git: a NUL byte among the first 8000 bytes makes a file binary. */
const BINARY_PROBE_BYTES = 8000;
/** The event loop gets a turn after this many files or bytes read (well under a millisecond on a local disk). */
const FILES_PER_TURN = 64;
const BYTES_PER_TURN = 1024 * 1024;
/**
 * Never follows a symlink (it is reported as one) and never waits on a FIFO or device someone
 * left in the worktree (O_NONBLOCK; only regular files are read).
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Fills in untracked files' line counts (numstat skips them), reading each by its exact name; binary
 * files (early NUL), symlinks and folders are marked as such. Mutates `files`. Reads are synchronous,
 * yielding every 64 files or 1 MiB: per-call promises cost ten times the reading for small files
 * (500 files: 20 ms against 2 ms) and compete with the git processes alongside.
 */
export async function countUntrackedLines(input: { worktreePath: string; files: ChangedFile[] }): Promise<void> {
  const untracked = input.files.filter((file) => file.kind === "untracked").slice(0, MAX_COUNTED_FILES);
  const root = Buffer.from(`${input.worktreePath}/`);
  let filesThisTurn = 0;
  let bytesThisTurn = 0;
  for (const file of untracked) {
    if (filesThisTurn >= FILES_PER_TURN || bytesThisTurn >= BYTES_PER_TURN) {
      await nextTurn();
      filesThisTurn = 0;
      bytesThisTurn = 0;
    }
    const name = Buffer.from(pathTokenToBytes(file.path));
    const trailingSlash = name.at(-1) === 0x2f;
    filesThisTurn += 1;
    bytesThisTurn += countFile(file, Buffer.concat([root, trailingSlash ? name.subarray(0, -1) : name]));
  }
}

/** Marks one untracked file; returns how many bytes were read. */
function countFile(file: ChangedFile, full: Buffer): number {
  let fd: number;
  try {
    fd = openSync(full, OPEN_FLAGS);
  } catch {
    // A symlink (O_NOFOLLOW refuses it), or gone or unreadable since git listed it.
    if (isSymlink(full)) Object.assign(file, { isSymlink: true, newMode: "120000", additions: 1, deletions: 0 });
    return 0;
  }
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) {
      Object.assign(file, { isSubmodule: true, newMode: "160000" });
    } else if (info.isFile()) {
      if ((info.mode & 0o111) !== 0) file.newMode = "100755";
      if (info.size <= MAX_COUNTED_BYTES) {
        const content = readUpTo(fd, info.size);
        Object.assign(file, countLines(content));
        return content.length;
      }
    }
    return 0;
  } catch {
    return 0;
  } finally {
    closeSync(fd);
  }
}

function isSymlink(full: Buffer): boolean {
  try {
    return lstatSync(full).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The first `size` bytes (fewer when the file shrank since its stat). */
function readUpTo(fd: number, size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const read = readSync(fd, bytes, filled, size - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  return bytes.subarray(0, filled);
}

function countLines(content: Buffer): { additions: number | null; deletions: number; isBinary: boolean } {
  if (content.subarray(0, BINARY_PROBE_BYTES).includes(0)) return { additions: null, deletions: 0, isBinary: true };
  let lines = 0;
  for (let at = content.indexOf(0x0a); at !== -1; at = content.indexOf(0x0a, at + 1)) lines += 1;
  if (content.length > 0 && content.at(-1) !== 0x0a) lines += 1;
  return { additions: lines, deletions: 0, isBinary: false };
}
