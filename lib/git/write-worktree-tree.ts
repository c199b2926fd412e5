import { copyFile, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runGitCommand } from "./run-git.ts";

export interface WorktreeTree {
  /** A tree object with every file of the worktree as it is now, untracked ones included, ignored ones not. */
  tree: string;
  /** HEAD when it was written; null on an unborn branch. */
  head: string | null;
  /** Files git could not read (the tree has the others); empty when all went in. */
  warning: string | null;
}

/**
 * Writes the worktree's files as they are now into a tree object (a git object: immutable, so it
 * can name "the state before/after a run" forever), without touching anything the user has: a
 * temporary index, seeded with a copy of the worktree's own index so unchanged files are not
 * hashed again, takes `git add -A` (tracked and untracked files, .gitignore respected), then
 * `write-tree`. The user's index, stash, HEAD and branches are never written. New file contents
 * become loose objects in the repository, as `git stash -u` would. HEAD is read alongside.
 */
export async function writeWorktreeTree(input: { worktreePath: string }): Promise<WorktreeTree> {
  const cwd = input.worktreePath;
  const folder = await mkdtemp(path.join(tmpdir(), "arbor-index-"));
  const index = path.join(folder, "index");
  try {
    const [head] = await Promise.all([readHead(cwd), seedIndex({ worktreePath: cwd, target: index })]);
    const env = { GIT_INDEX_FILE: index };
    const added = await runGitCommand({
      cwd,
      args: ["add", "-A", "--ignore-errors"],
      env,
      okExitCodes: [1],
    });
    const written = await runGitCommand({ cwd, args: ["write-tree"], env });
    return {
      tree: written.stdout.toString("utf8").trim(),
      head,
      warning: added.exitCode === 0 ? null : firstLine(added.stderr),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function readHead(cwd: string): Promise<string | null> {
  const result = await runGitCommand({
    cwd,
    args: ["rev-parse", "--verify", "-q", "HEAD^{commit}"],
    isExitCodeChecked: false,
  });
  return result.exitCode === 0 ? result.stdout.toString("utf8").trim() : null;
}

/**
 * Copies the worktree's index (its file stats let `add -A` skip unchanged files). A worktree
 * without one (no commit yet) starts from an empty index, which only costs more hashing.
 */
async function seedIndex(input: { worktreePath: string; target: string }): Promise<void> {
  const gitDir = await findGitDir(input.worktreePath);
  if (!gitDir) return;
  try {
    await copyFile(path.join(gitDir, "index"), input.target);
  } catch {
    // No index yet: the temporary one starts empty.
  }
}

/** `.git` is the git dir in a main worktree and a `gitdir: <path>` file in a linked one. */
async function findGitDir(worktreePath: string): Promise<string | null> {
  const dotGit = path.join(worktreePath, ".git");
  try {
    if ((await stat(dotGit)).isDirectory()) return dotGit;
    const match = /^gitdir: (.+)$/m.exec(await readFile(dotGit, "utf8"));
    return match ? path.resolve(worktreePath, match[1]!.trim()) : null;
  } catch {
    return null;
  }
}

function firstLine(text: string): string {
  return text.split("\n").find((line) => line.trim() !== "") ?? text.trim();
}
