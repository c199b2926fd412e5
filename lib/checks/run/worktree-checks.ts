import type { ChecksContext, ChecksFinished } from "@/lib/checks/run/checks-state.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import type { CheckRunView, WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import { readAutoFixState, resetAutoFixAttempts } from "@/lib/checks/auto-fix/auto-fix-store.ts";
import { toAutoFixView } from "@/lib/checks/auto-fix/auto-fix-view.ts";
import { readCheckReadiness } from "@/lib/checks/check-readiness.ts";
import type { CheckSpec } from "@/lib/checks/check-setting.ts";
import { readLatestRuns } from "@/lib/checks/check-run-store.ts";
import { summarizeCheckStatus } from "@/lib/checks/summarize-check-status.ts";
import { replaceWorktreeBatch } from "./check-batches.ts";
import { startCheckBatch, type TestedTree } from "./run-check-batch.ts";
import { noteSettledTree } from "./settled-trees.ts";
import { readTestedTree } from "./tested-tree.ts";

type WorktreeRef = { repoId: string; worktreePath: string };

/** The latest result of each configured check in a worktree, why checks cannot run there if they cannot, and its auto-fix. */
export async function readWorktreeChecks(db: Db, input: WorktreeRef): Promise<WorktreeChecksView> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const ref = { repoId: input.repoId, worktreePath: worktree.path };
  const { checks, reason } = await readCheckReadiness(db, input.repoId);
  const [runs, autoFix] = await Promise.all([
    readLatestRuns(db, { ...ref, names: checks.map((check) => check.name) }),
    readAutoFixState(db, ref),
  ]);
  return {
    ...ref,
    status: summarizeCheckStatus(runs.map((run) => run.status)),
    reason,
    checks: runs,
    autoFix: toAutoFixView(autoFix),
  };
}

/**
 * Runs the repository's checks in a worktree now, on its files as they are (a run already going
 * there is cancelled first). Resolves once they started, with the rows as they are then (running,
 * or passed from the cache); the results follow as `check_run` messages, and `onFinished` is told
 * them all. Refused (412) in an untrusted repository or when no check is configured, saying what to do.
 */
export async function runWorktreeChecks(
  ctx: ChecksContext,
  input: WorktreeRef & { onFinished?: ChecksFinished },
): Promise<WorktreeChecksView> {
  const { db } = ctx;
  const { worktree } = await resolvePinnedWorktree(db, input);
  const { checks, reason } = await readCheckReadiness(db, input.repoId);
  if (reason) throw new AppError("precondition_failed", reason.message, { details: { reason: reason.code } });
  return startWorktreeBatch(ctx, { ...input, worktreePath: worktree.path, checks });
}

/** Starts a batch in the worktree's check slot, on `tested` when the caller has just read it. */
export async function startWorktreeBatch(
  ctx: ChecksContext,
  input: WorktreeRef & { checks: CheckSpec[]; tested?: TestedTree; onFinished?: ChecksFinished },
): Promise<WorktreeChecksView> {
  const { db, checks } = ctx;
  const { repoId, worktreePath } = input;
  let finished: Promise<CheckRunView[] | null> = Promise.resolve(null);
  const runs = await replaceWorktreeBatch(checks.batches, worktreePath, async (signal) => {
    const tested = input.tested ?? (await readTestedTree(worktreePath));
    const batch = await startCheckBatch(ctx, {
      repoId,
      worktreePath,
      cwd: worktreePath,
      purpose: "worktree",
      checks: input.checks,
      tested,
      signal,
    });
    // Part of the slot: whoever waits for the batch sees the settled tree and the reset count.
    finished = batch.done.then(
      async (results) => {
        try {
          if (!results.some((run) => run.status === "cancelled"))
            await noteSettledTree(checks.settledTrees, worktreePath);
          if (summarizeCheckStatus(results.map((run) => run.status)) === "passed")
            await resetAutoFixAttempts(ctx, { repoId, worktreePath });
        } catch (error) {
          console.warn(`[arbor] after the checks of ${worktreePath}: ${String(error)}`);
        }
        return results;
      },
      (error: unknown) => {
        console.error(`[arbor] the checks of ${worktreePath} could not finish`, error);
        return null;
      },
    );
    return { result: batch.runs, done: finished };
  });
  if (input.onFinished) {
    const tell = input.onFinished;
    void finished.then((results) => results && tell(results));
  }
  return {
    repoId,
    worktreePath,
    status: summarizeCheckStatus(runs.map((run) => run.status)),
    reason: null,
    checks: runs,
    autoFix: toAutoFixView(await readAutoFixState(db, { repoId, worktreePath })),
  };
}
