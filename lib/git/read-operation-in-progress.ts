import { access } from "node:fs/promises";
import path from "node:path";
import { runGit } from "./run-git.ts";

export type GitOperation = "merge" | "rebase" | "cherry-pick" | "revert";

/** What git leaves in a worktree's git dir while an operation waits for the user. */
const MARKERS: Array<[string, GitOperation]> = [
  ["MERGE_HEAD", "merge"],
  ["rebase-merge", "rebase"],
  ["rebase-apply", "rebase"],
  ["CHERRY_PICK_HEAD", "cherry-pick"],
  ["REVERT_HEAD", "revert"],
];

/** The worktree's own git dir (`.git`, or `.git/worktrees/<name>` for a linked worktree), absolute. */
export async function readGitDir(cwd: string): Promise<string> {
  return (await runGit({ cwd, args: ["rev-parse", "--absolute-git-dir"] })).trim();
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
