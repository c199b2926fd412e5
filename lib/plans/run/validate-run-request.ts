import { validateDesignTree } from "@/lib/design/validate-tree.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { MAX_CONCURRENCY } from "@/lib/agent/agent-concurrency.ts";

/** What starts a plan run (POST /api/plans/{planId}/run), with the plan's tree read from the database. */
export interface PlanRunRequest {
  tree: DesignTree;
  /** Agents at once; null: the machine's default (defaultConcurrency). */
  concurrency: number | null;
  /** Null: no budget. */
  budgetUsd: number | null;
  /** Slugs of stacked nodes, which start from their parent's branch once the parent is ready. */
  startFromParentBranch: readonly string[];
}

export type PlanRunProblem =
  "empty_tree" | "concurrency_out_of_range" | "budget_not_positive" | "unknown_node" | "no_parent";

/**
 * Throws AppError("invalid_input") on the first problem, with a message that says what to change;
 * `details.problem` is a PlanRunProblem or one of validateDesignTree's (`cycle`, `unknown_edge_end`…).
 * The tree goes through validateDesignTree first: a cycle is named ("a → b → a"), and so is a
 * dependency (edge) on a slug that is not a node.
 */
export function validatePlanRunRequest(request: PlanRunRequest): void {
  validateDesignTree(request.tree);
  if (request.tree.nodes.length === 0) {
    fail(
      "empty_tree",
      "The plan's design tree has no nodes, so there is nothing to run. Add a node for each task first.",
    );
  }
  const { concurrency, budgetUsd } = request;
  if (concurrency !== null && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= MAX_CONCURRENCY)) {
    fail(
      "concurrency_out_of_range",
      `Agents at once must be a whole number from 1 to ${MAX_CONCURRENCY}, not ${concurrency}. Pick a number in that range, or leave it empty to use the machine's default.`,
    );
  }
  if (budgetUsd !== null && !(Number.isFinite(budgetUsd) && budgetUsd > 0)) {
    fail(
      "budget_not_positive",
      `A budget must be more than $0, not ${budgetUsd}: nothing could start. Set an amount in dollars, or leave it empty to run without a budget.`,
    );
  }
  const parentOf = new Map(request.tree.edges.map((edge) => [edge.child, edge.parent]));
  const slugs = new Set(request.tree.nodes.map((node) => node.slug));
  for (const slug of request.startFromParentBranch) {
    if (!slugs.has(slug)) {
      fail(
        "unknown_node",
        `"Start from the parent's branch" names ${slug}, which is not a node of this plan. Remove it or add the node.`,
        slug,
      );
    }
    if (!parentOf.has(slug)) {
      fail(
        "no_parent",
        `${slug} has no parent, so it cannot start from its parent's branch. Turn the option off for it; it starts from the base.`,
        slug,
      );
    }
  }
}

function fail(problem: PlanRunProblem, message: string, nodeSlug?: string): never {
  throw new AppError("invalid_input", message, { details: { problem, ...(nodeSlug ? { nodeSlug } : {}) } });
}
