import type { AttentionItem, PlanNodeLabel } from "@/lib/chat/attention/attention.ts";
import type { Db } from "@/lib/db/client.ts";
import { describeNodeState, waitsForUser } from "@/lib/plans/run/describe-node-state.ts";
import { parseNodes } from "@/lib/plans/run/plan-run-record.ts";

/**
 * Every plan node that has a worktree, by that worktree: its plan, title and state in the board's
 * words. Two reads, whatever the number of plans (runs, then their plans' titles).
 */
export async function readPlanNodeLabels(db: Db): Promise<Map<string, PlanNodeLabel>> {
  const runs = await db.planRun.findMany({ select: { planId: true, nodes: true, autoLand: true } });
  if (runs.length === 0) return new Map();
  const plans = await db.plan.findMany({
    where: { id: { in: runs.map((run) => run.planId) } },
    select: { id: true, title: true },
  });
  const titles = new Map(plans.map((plan) => [plan.id, plan.title]));
  const labels = new Map<string, PlanNodeLabel>();
  for (const run of runs) {
    const { nodes, work } = parseNodes(run.nodes);
    for (const node of nodes) {
      const nodeWork = work.get(node.slug);
      if (!nodeWork?.worktreePath) continue;
      labels.set(nodeWork.worktreePath, {
        planId: run.planId,
        planTitle: titles.get(run.planId) ?? "",
        slug: node.slug,
        title: nodeWork.title,
        description: describeNodeState(node),
        needsUser: waitsForUser(node, run),
      });
    }
  }
  return labels;
}

/** "What needs you"'s rows, each named by the plan node whose agent works in its worktree, if one does. */
export async function withPlanNodeLabels(db: Db, items: AttentionItem[]): Promise<AttentionItem[]> {
  const labels = await readPlanNodeLabels(db);
  if (labels.size === 0) return items;
  return items.map((item) => ({ ...item, planNode: labels.get(item.worktreePath) ?? null }));
}
