import { access, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { runGit } from "@/lib/git/run/run-git.ts";
import type { GitOperation } from "@/lib/git/types.ts";

export type { GitOperation } from "@/lib/git/types.ts";

/**
 * What git leaves in a worktree's git dir while an operation waits for the user. A rebase comes
 * first: one that stops while it replays a merge (`rebase -r`) leaves MERGE_HEAD too, and it is
 * the rebase that has to be continued or aborted.
 */
const MARKERS: Array<[string, GitOperation]> = [
  ["rebase-merge", "rebase"],
  ["rebase-apply", "rebase"],
  ["MERGE_HEAD", "merge"],
  ["CHERRY_PICK_HEAD", "cherry-pick"],
  ["REVERT_HEAD", "revert"],
];

/** The worktree's own git dir (`.git`, or `.git/worktrees/<name>` for a linked worktree), absolute. */
export async function readGitDir(cwd: string): Promise<string> {
  return (await runGit({ cwd, args: ["rev-parse", "--absolute-git-dir"] })).trim();
}

/**
 * The worktree's git dir read from its `.git` entry without starting git: the folder itself, or the
 * `gitdir:` line of a linked worktree's `.git` file. Null when neither is there.
 */
export async function readGitDirFromFiles(worktreePath: string): Promise<string | null> {
  const dotGit = path.join(worktreePath, ".git");
  try {
    if ((await stat(dotGit)).isDirectory()) return dotGit;
    const match = /^gitdir: (.+)$/m.exec(await readFile(dotGit, "utf8"));
    return match?.[1] ? path.resolve(worktreePath, match[1].trim()) : null;
  } catch {
    return null;
  }
}

/** The merge, rebase, cherry-pick or revert that is half done in this worktree, or null. */
export async function readOperationInProgress(gitDir: string): Promise<GitOperation | null> {
  for (const [name, operation] of MARKERS) {
    try {
      await access(path.join(gitDir, name));
      return operation;
    } catch {
      // Not this one.
    }
  }
  return null;
}

/**
 * The operation in progress and, for a rebase, the branch it rebases (short name), from the git
 * dir's files: while a rebase is stopped HEAD is detached, and this is the branch that comes back.
 */
export async function readOperationSummary(
  gitDir: string,
): Promise<{ operation: GitOperation | null; rebasingBranch: string | null }> {
  const files = await readOperationFiles(gitDir);
  const headName = files?.headName ?? null;
  return {
    operation: files?.operation ?? null,
    rebasingBranch: headName?.startsWith("refs/heads/") ? headName.slice("refs/heads/".length) : null,
  };
}

/** What git's files say about a stopped rebase or merge (each null when git did not write it). */
export interface OperationFiles {
  operation: GitOperation;
  /** The branch being rebased (`refs/heads/x`), from rebase-merge/head-name. */
  headName: string | null;
  /** The commit it is rebased onto, or the commit being merged (MERGE_HEAD). */
  onto: string | null;
  /** The commit the rebase stopped at (rebase-merge/stopped-sha, or the one being applied). */
  stoppedAt: string | null;
  /** Step n of total, when the rebase says. */
  step: number | null;
  total: number | null;
}

/** Reads the state files of the operation in progress (fs only, no git process); null when none. */
export async function readOperationFiles(gitDir: string): Promise<OperationFiles | null> {
  const operation = await readOperationInProgress(gitDir);
  if (!operation) return null;
  const read = async (...parts: string[]) => {
    try {
      return (await readFile(path.join(gitDir, ...parts), "utf8")).trim() || null;
    } catch {
      return null;
    }
  };
  const number = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : null);
  if (operation === "rebase") {
    const folder = (await read("rebase-merge", "head-name")) !== null ? "rebase-merge" : "rebase-apply";
    const isMerge = folder === "rebase-merge";
    const done = isMerge ? await read(folder, "done") : null;
    const lastDone = done?.split("\n").at(-1)?.split(/\s+/)[1] ?? null;
    return {
      operation,
      headName: await read(folder, "head-name"),
      onto: await read(folder, "onto"),
      stoppedAt: (isMerge ? await read(folder, "stopped-sha") : await read(folder, "original-commit")) ?? lastDone,
      step: number(await read(folder, isMerge ? "msgnum" : "next")),
      total: number(await read(folder, isMerge ? "end" : "last")),
    };
  }
  const head = operation === "merge" ? "MERGE_HEAD" : operation === "cherry-pick" ? "CHERRY_PICK_HEAD" : "REVERT_HEAD";
  return {
    operation,
    headName: null,
    onto: (await read(head))?.split("\n")[0] ?? null,
    stoppedAt: null,
    step: null,
    total: null,
  };
}
