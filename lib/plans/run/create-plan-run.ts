import type { DesignNode } from "@/lib/design/types.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { dependencyStatus } from "./dependency-status.ts";
import type { PlanRun, PlanRunNode } from "./plan-run.ts";
import { validatePlanRunRequest, type PlanRunRequest } from "./validate-run-request.ts";

/**
 * A new plan run from a request: validated (throws invalid_input), one `waiting` node per design
 * node in the tree's order, each depending on its parent. A node's spec is its description, or its
 * title when it has none. `nodeEstimateUsd` is the plan's estimate of one node's run, for the budget.
 */
export function createPlanRun(request: PlanRunRequest & { nodeEstimateUsd: number }): PlanRun {
  validatePlanRunRequest(request);
  if (!(Number.isFinite(request.nodeEstimateUsd) && request.nodeEstimateUsd >= 0)) {
    throw new AppError("invalid_input", `A node's cost estimate must be $0 or more, not ${request.nodeEstimateUsd}.`);
  }
  const parentOf = new Map(request.tree.edges.map((edge) => [edge.child, edge.parent]));
  const stacked = new Set(request.startFromParentBranch);
  const nodes: PlanRunNode[] = request.tree.nodes.map((designNode) =>
    newRunNode(designNode, {
      parent: parentOf.get(designNode.slug) ?? null,
      isStacked: stacked.has(designNode.slug),
      estimateUsd: request.nodeEstimateUsd,
    }),
  );
  const run: PlanRun = { isPaused: false, nodes };
  return {
    ...run,
    nodes: nodes.map((node) => {
      const status = dependencyStatus(run, node);
      return status.isMet ? node : { ...node, state: { name: "waiting", reason: status.reason } };
    }),
  };
}

/** A design node as a fresh node of a run: waiting, its spec its description (or title), depending on its parent. */
export function newRunNode(
  designNode: DesignNode,
  input: { parent: string | null; isStacked: boolean; estimateUsd: number },
): PlanRunNode {
  return {
    slug: designNode.slug,
    dependsOn: input.parent === null ? [] : [input.parent],
    startFrom: input.isStacked ? "parent_branch" : "base",
    spec: designNode.description?.trim() || designNode.title,
    estimateUsd: input.estimateUsd,
    runCount: 0,
    nextRun: "spec",
    checkFailures: 0,
    state: { name: "waiting", reason: "waiting to start" },
  };
}
