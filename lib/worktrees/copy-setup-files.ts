import { constants } from "node:fs";
import { lstat, mkdir, open, realpath, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { formatBytes } from "./tidy-plan.ts";
import { explainCopyPathProblem } from "./worktree-setup.ts";
import type { CopyOutcome } from "./worktree-types.ts";

/**
 * How much one setup copies in all. Its files are small (`.env`, local settings); a listed file
 * that grew to gigabytes, or a sparse one that claims terabytes and would be written out in full,
 * must not fill the disk.
 */
export const SETUP_COPY_MAX_BYTES = 1024 ** 3;

/**
 * Copies the listed files from the main worktree into the new one, each reported: regular files
 * only (opened without following a link and without waiting on a FIFO, then checked on the open
 * file), never through a symbolic link out of either worktree, never over a file the checkout
 * made, SETUP_COPY_MAX_BYTES in all. Nothing is copied from a folder without a `.git` entry: the
 * repository has no main worktree (git names a bare repository's folder, or the git dir of a
 * `--separate-git-dir` one whose checkout is gone), and its "files" would be git's own (config, hooks).
 */
export async function copySetupFiles(input: {
  mainPath: string;
  worktreePath: string;
  files: readonly string[];
}): Promise<CopyOutcome[]> {
  if (input.files.length === 0) return [];
  const mainRoot = await findMainWorktree(input.mainPath);
  const copies: CopyOutcome[] = [];
  let budget = SETUP_COPY_MAX_BYTES;
  for (const file of input.files) {
    const outcome = mainRoot
      ? await copySetupFile({ mainRoot, worktreePath: input.worktreePath, file, budget })
      : { path: file, status: "skipped" as const, reason: NO_MAIN_WORKTREE, bytes: 0 };
    budget -= outcome.bytes;
    copies.push({ path: outcome.path, status: outcome.status, reason: outcome.reason });
  }
  return copies;
}

const NO_MAIN_WORKTREE =
  "the repository has no main worktree to copy it from (it is bare, or the main worktree's folder is gone); copy it into the new worktree by hand";

/** The main worktree's real path, or null when `mainPath` is not a worktree (no `.git` in it) or is gone. */
async function findMainWorktree(mainPath: string): Promise<string | null> {
  const mainRoot = await realpath(mainPath).catch(() => null);
  if (!mainRoot) return null;
  return (await lstat(path.join(mainRoot, ".git")).catch(() => null)) ? mainRoot : null;
}

type Copied = CopyOutcome & { bytes: number };

async function copySetupFile(input: {
  /** Real path of the main worktree. */
  mainRoot: string;
  worktreePath: string;
  file: string;
  budget: number;
}): Promise<Copied> {
  const { file } = input;
  const refused = (reason: string): Copied => ({ path: file, status: "refused", reason, bytes: 0 });
  const problem = explainCopyPathProblem(file);
  if (problem) return refused(problem);
  try {
    const { mainRoot } = input;
    const newRoot = await realpath(input.worktreePath);
    const source = path.join(mainRoot, file);
    const stats = await lstat(source).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
      if (error.code === "ELOOP") return "loop" as const;
      throw error;
    });
    if (stats === "loop")
      return refused("a folder on its way is a symbolic link that leads back to itself (a loop); list a real path");
    if (!stats) return { path: file, status: "skipped", reason: explainMissing(file), bytes: 0 };
    if (stats.isSymbolicLink())
      return refused("it is a symbolic link in the main worktree; list the file it points to");
    if (!stats.isFile()) return refused(explainNotAFile(stats));
    const real = await realpath(source);
    if (!isInside(mainRoot, real))
      return refused("a folder on its way is a symbolic link that leads out of the main worktree");
    // A folder on its way that is a link to .git (or another repository's) would copy git's own files.
    if (explainCopyPathProblem(path.relative(mainRoot, real).split(path.sep).join("/")))
      return refused("a folder on its way is a symbolic link into .git; files inside .git cannot be copied");
    const target = path.join(newRoot, file);
    const folderProblem = await makeFolders({ root: newRoot, folder: path.dirname(target) });
    if (folderProblem) return refused(folderProblem);
    return await copyOpenFile({ source, target, file, budget: input.budget });
  } catch (error) {
    return refused(`it could not be copied: ${(error as Error).message}`);
  }
}

/**
 * Copies `source` to a new file `target`, checking what was opened: the path may have become a
 * link or a FIFO since it was looked at (O_NOFOLLOW, O_NONBLOCK), and its size counts against
 * the budget. A copy that fails half way leaves no part of itself.
 */
async function copyOpenFile(input: { source: string; target: string; file: string; budget: number }): Promise<Copied> {
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
    try {
      await copyBytes({ reader, writer, size: stats.size });
    } catch (error) {
      await writer.close();
      await unlink(input.target).catch(() => undefined);
      throw error;
    }
    await writer.close();
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

function explainMissing(file: string): string {
  return /[*?[]/.test(file)
    ? "it is not in the main worktree (paths are copied as written: patterns such as * are not expanded, so list each file)"
    : "it is not in the main worktree";
}

function explainNotAFile(stats: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (stats.isDirectory()) return "it is a folder, and folders are not copied: list the files in it";
  const kind = stats.isFIFO() ? "a named pipe (FIFO)" : stats.isSocket() ? "a socket" : "a device";
  return `it is ${kind}, not a regular file; only regular files are copied`;
}

function explainTooBig(size: number, budget: number): string {
  const limit = formatBytes(SETUP_COPY_MAX_BYTES);
  const left = budget < SETUP_COPY_MAX_BYTES ? ` (${formatBytes(budget)} of it is left after the files before it)` : "";
  return `it is ${formatBytes(size)}, and a setup copies at most ${limit} in all${left}; copy it by hand, or leave it out of the list`;
}

/** Creates `folder` under `root` one part at a time, refusing a part that is a link or a file. */
async function makeFolders({ root, folder }: { root: string; folder: string }): Promise<string | null> {
  let current = root;
  for (const part of path.relative(root, folder).split(path.sep).filter(Boolean)) {
    current = path.join(current, part);
    const stats = await lstat(current).catch(() => null);
    if (!stats) await mkdir(current);
    else if (stats.isSymbolicLink())
      return `${path.relative(root, current)} is a symbolic link in the new worktree; nothing is written through it`;
    else if (!stats.isDirectory()) return `${path.relative(root, current)} is a file in the new worktree, not a folder`;
  }
  return null;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  // `..env` is inside; `..` and `../x` are not.
  return relative !== "" && relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
