import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { listWorktreeEntries } from "@/lib/git/read/list-worktree-entries.ts";
import { readMergeOrderOfPlan } from "@/lib/plans/plan-merge-order.ts";
import { getPlanOrThrow } from "@/lib/plans/plans-store.ts";

/**
 * The queue a plan's merge order gives: its branches with commits still to land (ready, or
 * waiting for a parent that lands before them), in step order, each by its worktree, and the base
 * the order is into. Refused, saying what to do, for another repository's plan, an order with
 * nothing to land, or a branch without a worktree (Arbor lands a worktree's branch).
 */
export async function readQueueFromMergeOrder(
  db: Db,
  input: { repoId: string; planId: string },
): Promise<{ worktreePaths: string[]; base: string | undefined }> {
  const plan = await getPlanOrThrow(db, input.planId);
  if (plan.repoId !== input.repoId)
    throw new AppError(
      "invalid_input",
      "That plan belongs to another repository; choose one of this repository's plans.",
    );
  const order = await readMergeOrderOfPlan(db, plan);
  const toLand = order.entries
    .filter((entry) => entry.step !== null && (entry.state === "ready" || entry.state === "waiting"))
    .sort((a, b) => a.step! - b.step!);
  if (toLand.length === 0)
    throw new AppError("conflict", `Nothing in the merge order of "${plan.title}" has commits to land.`);
  const repo = await db.repo.findUniqueOrThrow({ where: { id: input.repoId } });
  const entries = await listWorktreeEntries({ cwd: repo.rootPath });
  const worktreePaths = toLand.map((entry) => {
    const worktree = entries.find((candidate) => candidate.branch === entry.branch && !candidate.isBare);
    if (!worktree)
      throw new AppError(
        "precondition_failed",
        `${entry.branch} (step ${entry.step} of the merge order) has no worktree, so Arbor cannot land it. Create its worktree from the design tree, or land the other branches by listing their worktrees.`,
      );
    return worktree.path;
  });
  return { worktreePaths, base: order.base ?? undefined };
}
