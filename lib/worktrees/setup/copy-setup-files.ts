import { lstat, mkdir, realpath } from "node:fs/promises";
import path from "node:path";
import { copyOpenFile, explainNotAFile, SETUP_COPY_MAX_BYTES, type Copied } from "./copy-open-file.ts";
import { explainCopyPathProblem } from "@/lib/worktrees/worktree-setup.ts";
import type { CopyOutcome } from "@/lib/worktrees/worktree-types.ts";

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
    // The file as it is at its real path: what is opened later must be it (a folder on the way may become a link meanwhile).
    const expected = await lstat(real);
    if (!isInside(mainRoot, real))
      return refused("a folder on its way is a symbolic link that leads out of the main worktree");
    // A folder on its way that is a link to .git (or another repository's) would copy git's own files.
    if (explainCopyPathProblem(path.relative(mainRoot, real).split(path.sep).join("/")))
      return refused("a folder on its way is a symbolic link into .git; files inside .git cannot be copied");
    const target = path.join(newRoot, file);
    const folderProblem = await makeFolders({ root: newRoot, folder: path.dirname(target) });
    if (folderProblem) return refused(folderProblem);
    return await copyOpenFile({ source, target, file, budget: input.budget, expected });
  } catch (error) {
    return refused(`it could not be copied: ${(error as Error).message}`);
  }
}

function explainMissing(file: string): string {
  return /[*?[]/.test(file)
    ? "it is not in the main worktree (paths are copied as written: patterns such as * are not expanded, so list each file)"
    : "it is not in the main worktree";
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
