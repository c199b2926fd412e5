import { explainRepositoryError } from "@/lib/git/run/explain-repository-error.ts";
import { parseWorktreeList, type WorktreeListEntry } from "@/lib/git/parse/parse-worktree-list.ts";
import { runGit } from "@/lib/git/run/run-git.ts";

/**
 * Lists every worktree of the repository `cwd` belongs to (main worktree first) with one
 * `git worktree list --porcelain -z`. Throws invalid_input when `cwd` is not in a repository.
 */
export async function listWorktreeEntries({ cwd }: { cwd: string }): Promise<WorktreeListEntry[]> {
  try {
    return parseWorktreeList(await runGit({ cwd, args: ["worktree", "list", "--porcelain", "-z"] }));
  } catch (error) {
    throw explainRepositoryError({ error, path: cwd });
  }
}
