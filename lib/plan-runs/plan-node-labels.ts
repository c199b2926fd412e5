import type { AttentionItem, PlanNodeLabel } from "@/lib/chat/attention/attention.ts";
import type { Db } from "@/lib/db/client.ts";
import { describeNodeState, waitsForUser } from "@/lib/plans/run/describe-node-state.ts";
import { parseNodes } from "@/lib/plans/run/plan-run-record.ts";

/** A plan run's row as the labels need it. */
export interface PlanRunRowForLabels {
  planId: string;
  nodes: string;
  autoLand: boolean;
}

/**
 * Every plan node that has a worktree, by that worktree: its plan, title and state in the board's
 * words. A run whose row cannot be read is left out (its board says why), so one bad row never
 * hides the other worktrees. Pure.
 */
export function planNodeLabels(
  runs: readonly PlanRunRowForLabels[],
  planTitles: ReadonlyMap<string, string>,
): Map<string, PlanNodeLabel> {
  const labels = new Map<string, PlanNodeLabel>();
  for (const run of runs) {
    let parsed: ReturnType<typeof parseNodes>;
    try {
      parsed = parseNodes(run.nodes);
    } catch {
      continue;
    }
    for (const node of parsed.nodes) {
      const nodeWork = parsed.work.get(node.slug);
      if (!nodeWork?.worktreePath) continue;
      labels.set(nodeWork.worktreePath, {
        planId: run.planId,
        planTitle: planTitles.get(run.planId) ?? "",
        slug: node.slug,
        title: nodeWork.title,
        description: describeNodeState(node),
        needsUser: waitsForUser(node, run),
      });
    }
  }
  return labels;
}

/** "What needs you"'s rows, each named by the plan node whose agent works in its worktree, if one does. Two reads. */
export async function withPlanNodeLabels(db: Db, items: AttentionItem[]): Promise<AttentionItem[]> {
  const runs = await db.planRun.findMany({ select: { planId: true, nodes: true, autoLand: true } });
  if (runs.length === 0) return items;
  const plans = await db.plan.findMany({
    where: { id: { in: runs.map((run) => run.planId) } },
    select: { id: true, title: true },
  });
  const labels = planNodeLabels(runs, new Map(plans.map((plan) => [plan.id, plan.title])));
  return items.map((item) => ({ ...item, planNode: labels.get(item.worktreePath) ?? null }));
}
