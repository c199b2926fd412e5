// What one pass of a plan run computes before it starts anything (lib/plan-runs/plan-runner.ts): pure.
import type { NodeEvent } from "./node-events.ts";
import { applyRunEvent } from "./plan-run-lifecycle.ts";
import type { PlanRun } from "./plan-run.ts";
import { emptyWork, type NodeWork, type StoredPlanRun } from "./plan-run-record.ts";
import type { PlanRunView } from "./plan-run-view.ts";

/** The plan's estimate of one node's run, in dollars, until its own runs say better. */
export const NODE_ESTIMATE_USD = 0.5;

/** applyRunEvent, keeping the run as it was when the event is refused (the core already said why). */
export function applyOrKeep(run: PlanRun, slug: string, event: NodeEvent): PlanRun {
  const result = applyRunEvent(run, { slug, event });
  return result.ok ? result.run : run;
}

/** The run's work with one node's replaced. */
export function withWork(
  stored: StoredPlanRun,
  slug: string,
  update: (work: NodeWork) => NodeWork,
): Map<string, NodeWork> {
  const work = new Map(stored.work);
  work.set(slug, update(work.get(slug) ?? emptyWork(slug)));
  return work;
}

/**
 * The plan's own estimate of one node's run: the mean cost of its runs that reported one, in whole
 * cents, or NODE_ESTIMATE_USD before any did.
 */
export function estimateOfOneRun(view: PlanRunView): number {
  const costs = view.nodes.flatMap((node) => node.runs.flatMap((run) => (run.costUsd === null ? [] : [run.costUsd])));
  if (costs.length === 0) return NODE_ESTIMATE_USD;
  return Math.ceil((costs.reduce((sum, cost) => sum + cost, 0) / costs.length) * 100) / 100;
}

/** Nodes that have yet to start take the current estimate; the run is the same object when none changes. */
export function withEstimate(run: PlanRun, estimateUsd: number): PlanRun {
  const isStale = (node: PlanRun["nodes"][number]) =>
    (node.state.name === "waiting" || node.state.name === "queued") && node.estimateUsd !== estimateUsd;
  if (!run.nodes.some(isStale)) return run;
  return { ...run, nodes: run.nodes.map((node) => (isStale(node) ? { ...node, estimateUsd } : node)) };
}

/** Each node's title as the tree now has it (a node added to the tree gets its work); the same map when none changes. */
export function withTitles(
  work: ReadonlyMap<string, NodeWork>,
  nodes: ReadonlyArray<{ slug: string; title: string }>,
): ReadonlyMap<string, NodeWork> {
  const stale = nodes.filter((node) => work.get(node.slug)?.title !== node.title);
  if (stale.length === 0) return work;
  const next = new Map(work);
  for (const node of stale)
    next.set(node.slug, { ...(work.get(node.slug) ?? emptyWork(node.slug)), title: node.title });
  return next;
}
