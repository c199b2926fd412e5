import type { Db } from "@/lib/db/client.ts";
import { hasLiveAgent } from "@/lib/plans/run/plan-next-dispatches.ts";
import type { NodeRunner } from "@/lib/plans/run/plan-run-record.ts";
import type { PlanRunNode } from "@/lib/plans/run/plan-run.ts";
import type { RunnerSlot } from "@/lib/runners/pick-runner.ts";
import { listRunnersFor } from "@/lib/runners/runner-offers.ts";
import { holdsLease } from "@/lib/runners/runner-lease.ts";
import { listStoredPlanRuns } from "./plan-run-store.ts";

/** Whether a node's runner is at work on it: its agent runs, or its checks (which run there too). */
export const isOnRunner = (node: PlanRunNode): boolean => hasLiveAgent(node) || node.state.name === "checking";

/**
 * The runners a plan of the repository at `repoRoot` may use, each with the nodes of every plan
 * now on it. None when no instance offers to run for the repository's origin: its plans run here.
 */
export async function readRunnerPool(db: Db, input: { repoRoot: string; leaseMs: number }): Promise<RunnerSlot[]> {
  const counts = new Map<string, number>();
  const pool = await listRunnersFor(db, { repoRoot: input.repoRoot, leaseMs: input.leaseMs, busyOf: () => 0 });
  if (pool.length === 0) return pool;
  for (const stored of await listStoredPlanRuns(db)) {
    for (const node of stored.run.nodes) {
      const runner = stored.work.get(node.slug)?.runner;
      if (runner && isOnRunner(node)) counts.set(runner.instanceId, (counts.get(runner.instanceId) ?? 0) + 1);
    }
  }
  return pool.map((runner) => ({ ...runner, busy: counts.get(runner.instanceId) ?? 0 }));
}

/**
 * Whether the runner still holds the node's attempt: its instance was seen within the lease, and
 * has not restarted since the attempt was handed out (a restart ends every run it had).
 */
export async function holdsAttempt(db: Db, input: { runner: NodeRunner; leaseMs: number }): Promise<boolean> {
  const row = await db.instance.findUnique({
    where: { id: input.runner.instanceId },
    select: { lastSeenAt: true, startedAt: true },
  });
  if (!row) return false;
  return (
    holdsLease({ lastSeenAt: row.lastSeenAt, now: new Date(), leaseMs: input.leaseMs }) &&
    row.startedAt.getTime() <= Date.parse(input.runner.since)
  );
}
