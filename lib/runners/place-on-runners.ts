import type { Dispatch } from "@/lib/plans/run/plan-next-dispatches.ts";
import { emptyWork, type NodeWork } from "@/lib/plans/run/plan-run-record.ts";
import { freeRunnerSlots, pickRunner, type RunnerSlot } from "./pick-runner.ts";

/** The slots a plan spread over runners has: those of its live runners, less the nodes on them. Pure. */
export function runnerSlots(runners: readonly RunnerSlot[]): { total: number; busy: number; isRunners: true } {
  const alive = runners.filter((runner) => runner.isAlive);
  const total = alive.reduce((sum, runner) => sum + runner.slots, 0);
  return { total, busy: total - freeRunnerSlots(alive), isRunners: true };
}

/**
 * Where each node that may start runs. A node with a worktree stays where it is (its runner, or
 * here), and so does one stacked on its parent's branch (that branch is here); a new one goes to the live runner with the most free slots (pickRunner), under a fresh
 * attempt; this instance's own offer keeps it here. A node no runner has room for does not start
 * (it stays queued). Pure: `newAttempt` and `now` are passed.
 */
export function placeOnRunners(
  ready: readonly Dispatch[],
  input: {
    work: ReadonlyMap<string, NodeWork>;
    runners: readonly RunnerSlot[];
    now?: Date;
    newAttempt?: () => string;
  },
): { start: Dispatch[]; work: ReadonlyMap<string, NodeWork> } {
  if (input.runners.length === 0) return { start: [...ready], work: input.work };
  const pool = input.runners.map((runner) => ({ ...runner }));
  const newAttempt = input.newAttempt ?? (() => crypto.randomUUID());
  const since = (input.now ?? new Date()).toISOString();
  let work = input.work;
  const start: Dispatch[] = [];
  for (const dispatch of ready) {
    const current = work.get(dispatch.slug) ?? emptyWork(dispatch.slug);
    // Stacked work starts from its parent's branch, which is in this clone: it runs here.
    if (current.worktreePath !== null || current.runner !== null || dispatch.branchFrom.kind === "parent_branch") {
      start.push(dispatch);
      continue;
    }
    const picked = pickRunner(pool);
    if (!picked) continue;
    picked.busy += 1;
    start.push(dispatch);
    if (picked.isLocal) continue;
    const next = new Map(work);
    next.set(dispatch.slug, {
      ...current,
      runner: {
        instanceId: picked.instanceId,
        label: picked.label,
        repoId: picked.repoId,
        attempt: newAttempt(),
        since,
        pushedRef: null,
      },
    });
    work = next;
  }
  return { start, work };
}
