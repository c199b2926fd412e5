import { runGit } from "@/lib/git/run/run-git.ts";
import { writeWorktreeTree } from "@/lib/git/write/write-worktree-tree.ts";
import type { TestedTree } from "./run-check-batch.ts";

/**
 * The worktree's files as they are now, as a git tree (untracked included, ignored not), written
 * with an index of Arbor's own (write-worktree-tree.ts: the user's index is never touched), HEAD,
 * and whether the files differ from HEAD's.
 */
export async function readTestedTree(worktreePath: string): Promise<TestedTree> {
  const { tree, head } = await writeWorktreeTree({ worktreePath });
  if (head === null) return { tree, head, isDirty: true };
  const headTree = (await runGit({ cwd: worktreePath, args: ["rev-parse", `${head}^{tree}`] })).trim();
  return { tree, head, isDirty: headTree !== tree };
}
