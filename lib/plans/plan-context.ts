import type { Db } from "@/lib/db/client.ts";
import { findDivergence } from "@/lib/design/divergence/find-divergence.ts";
import { expectedBranchName } from "@/lib/design/naming-rule.ts";
import { readBranchFacts } from "@/lib/design/divergence/read-branch-facts.ts";
import type { PromptPlan } from "@/lib/prompt/types.ts";
import { mergeOrderPromptLines } from "./merge-order-prompt-lines.ts";
import { readMergeOrderOfPlan } from "./plan-merge-order.ts";
import { listPlans } from "./plans-store.ts";
import type { PlanView } from "./plan-types.ts";
import { readProjectRules } from "./project-rules.ts";

/**
 * The Plan section and the design warnings for one worktree's prompt: the linked plan (or
 * the plan whose design has a node for this branch), the node with its parent and children,
 * and the divergence warnings about this worktree or its branch. Nothing when no plan applies.
 */
export async function buildPlanContext(
  db: Db,
  input: { repoId: string; planId: string | null; repoRoot: string; worktreePath: string; branch: string | null },
): Promise<{ plan: PromptPlan | null; designWarnings: string[]; planId: string | null; nodeSlug: string | null }> {
  const none = { plan: null, designWarnings: [], planId: null, nodeSlug: null };
  const plans = await listPlans(db, { repoId: input.repoId });
  if (plans.length === 0) return none;
  const { branchNamingRule: rule } = await readProjectRules(db, input.repoId);
  const { plan, node } = pickPlanAndNode({ plans, rule, planId: input.planId, branch: input.branch });
  if (!plan) return none;
  const points: string[] = [];
  if (node && plan.tree) {
    const parent = plan.tree.edges.find((edge) => edge.child === node.slug)?.parent ?? null;
    const children = plan.tree.edges.filter((edge) => edge.parent === node.slug).map((edge) => edge.child);
    const label = (slug: string) => {
      const found = plan.tree!.nodes.find((candidate) => candidate.slug === slug);
      return `${found?.title ?? slug} (${expectedBranchName({ rule, slug })}, ${found?.status ?? "planned"})`;
    };
    points.push(`This worktree's node: ${label(node.slug)}${node.description ? ` — ${node.description}` : ""}`);
    points.push(`Parent: ${parent ? label(parent) : "none (starts from the default branch)"}`);
    points.push(`Children: ${children.length ? children.map(label).join("; ") : "none"}`);
    points.push(...(await readMergeOrderPoints(db, plan, node.slug)));
  } else if (plan.tree) {
    points.push(`This worktree's branch ${input.branch ?? "(detached)"} is not in the design tree.`);
  }
  let designWarnings: string[] = [];
  if (plan.tree) {
    const branches = await readBranchFacts({ repoPath: input.repoRoot });
    designWarnings = findDivergence({ tree: plan.tree, branches, rule })
      .filter(
        (warning) =>
          warning.worktreePath === input.worktreePath || (input.branch !== null && warning.branch === input.branch),
      )
      .map((warning) => warning.message);
  }
  return {
    plan: { title: plan.title, goal: plan.goal, points },
    designWarnings,
    planId: plan.id,
    nodeSlug: node?.slug ?? null,
  };
}

/** The node's merge-order lines; none when git cannot say (the prompt goes ahead without them). */
async function readMergeOrderPoints(db: Db, plan: PlanView, slug: string): Promise<string[]> {
  try {
    return mergeOrderPromptLines(await readMergeOrderOfPlan(db, plan, { focusSlug: slug }), slug);
  } catch (error) {
    console.warn(`[arbor] merge order left out of the prompt: ${String(error)}`);
    return [];
  }
}

/**
 * The design node a branch belongs to (the linked plan first, else any plan with a node whose
 * expected branch name is this branch), for ledger entries scoped to a node. Reads the database only.
 */
export async function findNodeForBranch(
  db: Db,
  input: { repoId: string; planId: string | null; branch: string },
): Promise<{ planId: string; slug: string } | null> {
  const plans = await listPlans(db, { repoId: input.repoId });
  if (plans.length === 0) return null;
  const { branchNamingRule: rule } = await readProjectRules(db, input.repoId);
  const { plan, node } = pickPlanAndNode({ plans, rule, planId: input.planId, branch: input.branch });
  return plan && node ? { planId: plan.id, slug: node.slug } : null;
}

function pickPlanAndNode(input: { plans: PlanView[]; rule: string; planId: string | null; branch: string | null }) {
  const nodeFor = (plan: PlanView) =>
    plan.tree?.nodes.find((node) => expectedBranchName({ rule: input.rule, slug: node.slug }) === input.branch) ?? null;
  const plan =
    input.plans.find((candidate) => candidate.id === input.planId) ??
    input.plans.find((candidate) => nodeFor(candidate) !== null) ??
    null;
  return { plan, node: plan ? nodeFor(plan) : null };
}
