import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import type { WorktreeChecksView } from "@/lib/realtime/check-views.ts";
import { replaceWorktreeBatch } from "./check-batches.ts";
import { readCheckReadiness } from "@/lib/checks/check-readiness.ts";
import { readLatestRuns } from "@/lib/checks/check-run-store.ts";
import { startCheckBatch } from "./run-check-batch.ts";
import { summarizeCheckStatus } from "@/lib/checks/summarize-check-status.ts";
import { readTestedTree } from "./tested-tree.ts";

type WorktreeRef = { repoId: string; worktreePath: string };

/** The latest result of each configured check in a worktree, and why checks cannot run there if they cannot. */
export async function readWorktreeChecks(db: Db, input: WorktreeRef): Promise<WorktreeChecksView> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const { checks, reason } = await readCheckReadiness(db, input.repoId);
  const runs = await readLatestRuns(db, {
    repoId: input.repoId,
    worktreePath: worktree.path,
    names: checks.map((check) => check.name),
  });
  return {
    repoId: input.repoId,
    worktreePath: worktree.path,
    status: summarizeCheckStatus(runs.map((run) => run.status)),
    reason,
    checks: runs,
  };
}

/**
 * Runs the repository's checks in a worktree now, on its files as they are (a run already going
 * there is cancelled first). Resolves once they started, with the rows as they are then (running,
 * or passed from the cache); the results follow as `check_run` messages. Refused (412) in an
 * untrusted repository or when no check is configured, saying what to do.
 */
export async function runWorktreeChecks(db: Db, input: WorktreeRef): Promise<WorktreeChecksView> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const { checks, reason } = await readCheckReadiness(db, input.repoId);
  if (reason) throw new AppError("precondition_failed", reason.message, { details: { reason: reason.code } });
  const worktreePath = worktree.path;
  const runs = await replaceWorktreeBatch(worktreePath, async (signal) => {
    const tested = await readTestedTree(worktreePath);
    const batch = await startCheckBatch(db, {
      repoId: input.repoId,
      worktreePath,
      cwd: worktreePath,
      purpose: "worktree",
      checks,
      tested,
      signal,
    });
    const done = batch.done.catch((error: unknown) =>
      console.error(`[arbor] the checks of ${worktreePath} could not finish`, error),
    );
    return { result: batch.runs, done };
  });
  return {
    repoId: input.repoId,
    worktreePath,
    status: summarizeCheckStatus(runs.map((run) => run.status)),
    reason: null,
    checks: runs,
  };
}
