import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import { hasLiveAgent } from "@/lib/plans/run/plan-next-dispatches.ts";
import type { StoredPlanRun } from "@/lib/plans/run/plan-run-record.ts";

type RunCounts = Pick<RunManager, "maxConcurrent" | "stateOf" | "runningCount" | "waitingCount">;

/**
 * Agents at once for the plan: its number, or the machine's; never more than the run manager
 * starts (Settings, else the machine), or the rest would sit queued in their chats while the board
 * said running.
 */
export function concurrencyInForce(runs: RunCounts, stored: StoredPlanRun): number {
  const limit = runs.maxConcurrent();
  return Math.min(stored.options.concurrency ?? limit, limit);
}

/** Agent slots: the plan's number (or the machine's), less every agent running or queued, this plan's counted once. */
export function agentSlots(runs: RunCounts, stored: StoredPlanRun): { total: number; busy: number } {
  const ownPaths = [...stored.work.values()].flatMap((work) => (work.worktreePath ? [work.worktreePath] : []));
  const ownInManager = ownPaths.filter((worktreePath) => runs.stateOf(worktreePath) !== "idle").length;
  const ownLive = stored.run.nodes.filter(hasLiveAgent).length;
  return {
    total: concurrencyInForce(runs, stored),
    busy: runs.runningCount() + runs.waitingCount() - ownInManager + ownLive,
  };
}
