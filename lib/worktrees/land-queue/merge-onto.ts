import { runGit, runGitCommand } from "@/lib/git/run/run-git.ts";
import { parseMergeTreeOutput } from "@/lib/worktrees/conflicts/conflict-hunks.ts";
import { MAX_LISTED_CONFLICT_FILES } from "@/lib/worktrees/name-files.ts";

/** One step of a queue: the merge commit it would land, or the files it conflicts in. */
export type QueueMerge =
  { status: "clean"; tree: string; commit: string } | { status: "conflicts"; files: string[]; count: number };

/**
 * Merges `branchCommit` onto `onto` (the base, or the last merge the queue tested) in git's object
 * store and writes the merge commit (`commit-tree`, first parent `onto`): the exact commit the
 * base fast-forwards to if its checks pass. No worktree, index or ref is touched and no hook
 * runs; the repository's merge drivers do (a queue runs only in a trusted repository).
 */
export async function mergeOnto(input: {
  cwd: string;
  onto: string;
  branchCommit: string;
  message: string;
}): Promise<QueueMerge> {
  const merge = await runGitCommand({
    cwd: input.cwd,
    args: ["merge-tree", "--write-tree", "-z", "--messages", input.onto, input.branchCommit],
    allowRepositoryCode: true,
    okExitCodes: [1],
    timeoutMs: 60_000,
  });
  const parsed = parseMergeTreeOutput(merge.stdout);
  if (merge.exitCode === 1)
    return {
      status: "conflicts",
      files: parsed.conflicts.slice(0, MAX_LISTED_CONFLICT_FILES).map((conflict) => conflict.display),
      count: parsed.conflicts.length,
    };
  const commit = await runGit({
    cwd: input.cwd,
    args: ["commit-tree", parsed.tree, "-p", input.onto, "-p", input.branchCommit, "-m", input.message],
    allowRepositoryCode: true,
  });
  return { status: "clean", tree: parsed.tree, commit: commit.trim() };
}
