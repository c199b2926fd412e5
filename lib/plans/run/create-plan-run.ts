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
  const nodes: PlanRunNode[] = request.tree.nodes.map((designNode) => {
    const parent = parentOf.get(designNode.slug);
    return {
      slug: designNode.slug,
      dependsOn: parent === undefined ? [] : [parent],
      startFrom: stacked.has(designNode.slug) ? "parent_branch" : "base",
      spec: designNode.description?.trim() || designNode.title,
      estimateUsd: request.nodeEstimateUsd,
      runCount: 0,
      nextRun: "spec",
      checkFailures: 0,
      state: { name: "waiting", reason: "waiting to start" },
    };
  });
  const run: PlanRun = { isPaused: false, nodes };
  return {
    ...run,
    nodes: nodes.map((node) => {
      const status = dependencyStatus(run, node);
      return status.isMet ? node : { ...node, state: { name: "waiting", reason: status.reason } };
    }),
  };
}
