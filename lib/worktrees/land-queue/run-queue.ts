import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import type { CheckSpec } from "@/lib/checks/check-setting.ts";
import { runChecksOnTree } from "@/lib/checks/gate/check-tree.ts";
import { withScratchWorktree, type PrepareScratch, type ScratchWorktree } from "@/lib/checks/gate/scratch-worktree.ts";
import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import { createGateScratchPreparer } from "@/lib/worktrees/gate-setup/prepare-gate-scratch.ts";
import { mergeMessage } from "@/lib/worktrees/land/land-worktree.ts";
import { markLandedNodesDone } from "@/lib/worktrees/land/mark-node-done.ts";
import { moveBase } from "@/lib/worktrees/land/move-base.ts";
import { publishWorktreeListChange, type WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";
import type { LandQueueEntry, LandQueueResult } from "@/lib/worktrees/worktree-types.ts";
import { mergeOnto } from "./merge-onto.ts";
import { describeQueueStop, finalStatuses, listNames, type QueueStop } from "./queue-outcome.ts";
import { createQueueProgress, type QueueProgress } from "./queue-progress.ts";

type QueueBranch = { worktreePath: string; branch: string; commit: string };
type Tested = { commit: string; tree: string; checks: CheckRunView[] };

interface QueueRun {
  repoId: string;
  base: string;
  baseCwd: string;
  baseCommit: string;
  checks: CheckSpec[];
  queue: QueueBranch[];
  signal: AbortSignal;
}

/**
 * Tests the queue's branches in order in one scratch worktree, each merged onto the base and the
 * branches before it, until one fails or conflicts; then fast-forwards the base to the last
 * commit that passed (moveBase), so what lands is exactly what was tested, and marks the landed
 * branches' design nodes done. Every step is published as `land_queue` on the repository's topic.
 * A cancel (or any error) lands nothing and is thrown.
 */
export async function runQueue(ctx: WorktreeContext, run: QueueRun): Promise<LandQueueResult> {
  const progress = createQueueProgress(ctx.hub, run);
  try {
    // Each step's checkout gets the dependencies of its own branch's worktree (else the base's).
    const prepare = createGateScratchPreparer(ctx.db, { repoId: run.repoId, baseCwd: run.baseCwd });
    const { tested, stop } = await withScratchWorktree({ repoCwd: run.baseCwd }, (scratch) =>
      testInOrder(ctx, run, { scratch, prepare, progress }),
    );
    const last = tested.at(-1);
    let commit = run.baseCommit;
    if (last) {
      throwIfCancelled(run, { while: "before the base moved", tested });
      progress.update({ state: "landing", current: null });
      commit = await landTested(run, { commit: last.commit, branches: tested.length });
    }
    const statuses = finalStatuses(run.queue.length, stop);
    const entries: LandQueueEntry[] = [];
    for (const [index, branch] of run.queue.entries()) {
      // The merge a failing branch was tested as, with its checks; nothing for one not tested.
      const step = tested[index] ?? (stop?.index === index && stop.kind === "failed" ? stop : null);
      entries.push({
        worktreePath: branch.worktreePath,
        branch: branch.branch,
        status: statuses[index]!,
        commit: step?.commit ?? null,
        tree: step?.tree ?? null,
        checks: step?.checks ?? [],
        conflictingFiles: stop?.index === index && stop.kind === "conflict" ? stop.files : [],
        nodesDone:
          statuses[index] === "landed"
            ? await markLandedNodesDone(ctx.db, { repoId: run.repoId, branch: branch.branch })
            : [],
      });
    }
    if (last) publishWorktreeListChange(ctx.hub, run.repoId);
    const message =
      stop === null
        ? null
        : describeQueueStop({ branches: run.queue.map((b) => b.branch), base: run.base, stop, commit });
    progress.update({ state: stop === null ? "landed" : "stopped", current: null, statuses, message });
    return {
      base: run.base,
      baseWorktreePath: run.baseCwd,
      state: stop ? "stopped" : "landed",
      commit,
      entries,
      message,
    };
  } catch (error) {
    const isCancelled = run.signal.aborted;
    const message = isAppError(error) ? error.message : "Landing in order failed; nothing was landed.";
    progress.update({ state: isCancelled ? "cancelled" : "error", current: null, message });
    throw error;
  }
}

/** Merges and tests each branch on top of the ones before it, until one does not pass. */
async function testInOrder(
  ctx: WorktreeContext,
  run: QueueRun,
  input: { scratch: ScratchWorktree; prepare: PrepareScratch; progress: QueueProgress },
): Promise<{ tested: Tested[]; stop: QueueStop | null }> {
  const tested: Tested[] = [];
  let onto = run.baseCommit;
  for (const [index, branch] of run.queue.entries()) {
    throwIfCancelled(run, { while: `before ${branch.branch} was tested`, tested });
    input.progress.testing(index);
    const merge = await mergeOnto({
      cwd: run.baseCwd,
      onto,
      branchCommit: branch.commit,
      message: mergeMessage({ branch: branch.branch, base: run.base }),
    });
    if (merge.status === "conflicts")
      return { tested, stop: { index, kind: "conflict", files: merge.files, count: merge.count } };
    const checks = await runChecksOnTree(ctx, {
      repoId: run.repoId,
      worktreePath: branch.worktreePath,
      checks: run.checks,
      tree: merge.tree,
      commit: merge.commit,
      repoCwd: run.baseCwd,
      scratch: input.scratch,
      prepare: input.prepare,
      signal: run.signal,
    });
    throwIfCancelled(run, { while: `while ${branch.branch} was being tested`, tested });
    if (checks.some((check) => check.status !== "passed"))
      return { tested, stop: { index, kind: "failed", checks, commit: merge.commit, tree: merge.tree } };
    tested.push({ commit: merge.commit, tree: merge.tree, checks });
    input.progress.passed(index);
    onto = merge.commit;
  }
  return { tested, stop: null };
}

/** Fast-forwards the base to the last commit tested, once it is sure the base is where the tests started. */
async function landTested(run: QueueRun, input: { commit: string; branches: number }): Promise<string> {
  const now = (await runGit({ cwd: run.baseCwd, args: ["rev-parse", "--verify", "HEAD"] })).trim();
  if (now !== run.baseCommit)
    throw new AppError(
      "conflict",
      `${run.base} moved while the queue was being tested (it is now at ${now.slice(0, 7)}; another program committed on it), so nothing was landed. Land in order again: what passed is answered from the cache.`,
      { details: { isBaseMoved: true, baseCommit: now } },
    );
  return moveBase({
    cwd: run.baseCwd,
    isTrusted: true,
    mergeDrivers: [],
    what: listNames(run.queue.slice(0, input.branches).map((branch) => branch.branch)),
    base: run.base,
    isMergeCommit: false,
    move: async (git) => {
      await git(["merge", "--ff-only", input.commit]);
    },
  });
}

function throwIfCancelled(run: QueueRun, input: { while: string; tested: Tested[] }): void {
  if (!run.signal.aborted) return;
  const passed = run.queue.slice(0, input.tested.length).map((branch) => branch.branch);
  throw new AppError(
    "conflict",
    `Landing in order was cancelled ${input.while}, so nothing was landed and ${run.base} did not move.${passed.length > 0 ? ` ${listNames(passed)} had passed: landing in order again answers their checks from the cache.` : ""}`,
    { details: { isCancelled: true } },
  );
}
