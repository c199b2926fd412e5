import { AppError } from "@/lib/errors/app-error.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import { readCheckReadiness } from "@/lib/checks/check-readiness.ts";
import type { ChecksContext } from "@/lib/checks/run/checks-state.ts";
import { whileCancellable } from "@/lib/checks/gate/landing-gates.ts";
import { assertCommitterIdentity } from "@/lib/worktrees/land/git-identity.ts";
import { assertUnchangedSinceCheck } from "@/lib/worktrees/land/move-base.ts";
import { describeOperation, readOperationState } from "@/lib/worktrees/land/operation-state.ts";
import type { WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";
import { whileHolding } from "@/lib/worktrees/worktree-holds.ts";
import type { LandQueueResult } from "@/lib/worktrees/worktree-types.ts";
import { describeQueueNotRun, listNames } from "./queue-outcome.ts";
import { readQueueFromMergeOrder } from "./queue-from-merge-order.ts";
import { readQueueTargets } from "./queue-targets.ts";
import { runQueue } from "./run-queue.ts";

export type LandQueueInput = { repoId: string; base?: string } & (
  { worktreePaths: string[]; planId?: undefined } | { planId: string; worktreePaths?: undefined }
);

/**
 * Lands several branches into their base in order, as a merge queue does: each is merged onto the
 * base and the branches before it and tested there (runQueue), and the base fast-forwards over
 * the commits that passed, exactly as tested. The order is the one given, or the plan's merge
 * order. Refused before anything is tested when the repository is untrusted or has no check, or
 * when a worktree could not land on its own (landWorktree's checks); every worktree and the base's
 * stay held until it is done, and cancelLanding stops it with nothing landed.
 */
export async function landQueue(ctx: WorktreeContext & ChecksContext, input: LandQueueInput): Promise<LandQueueResult> {
  const { db } = ctx;
  const { repoId } = input;
  const { checks, reason } = await readCheckReadiness(db, repoId);
  if (reason)
    throw new AppError("precondition_failed", describeQueueNotRun(reason), { details: { reason: reason.code } });
  const ordered =
    input.planId !== undefined
      ? await readQueueFromMergeOrder(db, { repoId, planId: input.planId })
      : { worktreePaths: input.worktreePaths, base: input.base };
  const targets = await readQueueTargets(ctx, { repoId, worktreePaths: ordered.worktreePaths, base: ordered.base });
  const { base, baseCwd, baseCommit } = targets;
  const branches = targets.checks.map((check) => check.branch);
  const worktreePaths = targets.checks.map((check) => check.worktreePath);
  return whileHolding(
    ctx,
    [...worktreePaths, baseCwd],
    { kind: "landing", doing: `landing ${listNames(branches)} in order into ${base}` },
    async () => {
      const what = listNames(branches);
      await assertUnchangedSinceCheck(ctx, { repoId, baseCwd, worktreePaths, baseCommit, base, what });
      const onBase = await readOperationState(baseCwd);
      if (onBase) throw new AppError("conflict", `Nothing was landed. ${describeOperation(onBase)}`);
      await assertCommitterIdentity({ cwd: baseCwd, notDone: "no branch was tested or landed" });
      // The branches as they are now: what is tested and landed even if one moves meanwhile.
      const commits = (
        await runGit({
          cwd: baseCwd,
          // Every argument starts with refs/heads/, never a dash (rev-parse would echo --end-of-options).
          args: ["rev-parse", ...branches.map((branch) => `refs/heads/${branch}^{commit}`)],
        })
      )
        .trim()
        .split("\n");
      const queue = targets.checks.map((check, index) => ({
        worktreePath: check.worktreePath,
        branch: check.branch,
        commit: commits[index]!,
      }));
      return whileCancellable(ctx.checks.gates, repoId, (signal) =>
        runQueue(ctx, { repoId, base, baseCwd, baseCommit, checks, queue, signal }),
      );
    },
  );
}
