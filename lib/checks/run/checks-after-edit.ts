import type { ChecksContext } from "@/lib/checks/run/checks-state.ts";
import { readCheckReadiness } from "@/lib/checks/check-readiness.ts";
import { readLatestRuns } from "@/lib/checks/check-run-store.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { waitForWorktreeBatch } from "./check-batches.ts";
import { readSettledTree } from "./settled-trees.ts";
import { readTestedTree } from "./tested-tree.ts";
import { startWorktreeBatch } from "./worktree-checks.ts";

/**
 * After the user edited a worktree's files outside Claude: runs its checks, but only in a trusted
 * repository with checks, and only when the files are not what was tested last. Checks already
 * running are waited for rather than cancelled (their own writes may be what the watcher saw);
 * the files as they were when they ended count as tested too (see settled-trees.ts).
 * Resolves with whether a batch started.
 */
export async function runChecksIfTreeChanged(
  ctx: ChecksContext,
  input: { repoId: string; worktreePath: string },
): Promise<boolean> {
  const { db, checks: state } = ctx;
  const { checks, reason } = await readCheckReadiness(db, input.repoId);
  if (reason) return false;
  const { worktree } = await resolvePinnedWorktree(db, input);
  const worktreePath = worktree.path;
  await waitForWorktreeBatch(state.batches, worktreePath);
  const tested = await readTestedTree(worktreePath);
  const latest = await readLatestRuns(db, {
    repoId: input.repoId,
    worktreePath,
    names: checks.map((check) => check.name),
  });
  const isTestedAlready =
    latest.length === checks.length && latest.every((run) => run.tree === tested.tree && run.status !== "cancelled");
  if (isTestedAlready || readSettledTree(state.settledTrees, worktreePath) === tested.tree) return false;
  await startWorktreeBatch(ctx, { repoId: input.repoId, worktreePath, checks, tested });
  return true;
}
