import type { Db } from "@/lib/db/client.ts";
import type { Plan, TreeSpec } from "@/lib/db/generated/client.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { validateDesignTree } from "@/lib/design/validate-tree.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { PLAN_TEMPLATE, type PlanView } from "./plan-types.ts";

export function toPlanView(plan: Plan & { treeSpec: TreeSpec | null }): PlanView {
  return {
    id: plan.id,
    repoId: plan.repoId,
    title: plan.title,
    goal: plan.goal,
    bodyMarkdown: plan.bodyMarkdown,
    tree: plan.treeSpec
      ? {
          nodes: JSON.parse(plan.treeSpec.nodes) as DesignTree["nodes"],
          edges: JSON.parse(plan.treeSpec.edges) as DesignTree["edges"],
        }
      : null,
    treeVersion: plan.treeSpec?.version ?? null,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

/** Creates a plan from the template (title required; goal and body optional). */
export async function createPlan(
  db: Db,
  input: { repoId: string; title: string; goal?: string; bodyMarkdown?: string },
): Promise<PlanView> {
  if (!input.title.trim()) throw new AppError("invalid_input", "Give the plan a title.");
  if (!(await db.repo.findUnique({ where: { id: input.repoId }, select: { id: true } }))) {
    throw new AppError("not_found", "That repository is not known to Arbor. Pin it first.");
  }
  const plan = await db.plan.create({
    data: {
      repoId: input.repoId,
      title: input.title.trim(),
      goal: input.goal ?? PLAN_TEMPLATE.goal,
      bodyMarkdown: input.bodyMarkdown ?? PLAN_TEMPLATE.bodyMarkdown,
    },
    include: { treeSpec: true },
  });
  return toPlanView(plan);
}

export async function updatePlan(
  db: Db,
  input: { planId: string; title?: string; goal?: string; bodyMarkdown?: string },
): Promise<PlanView> {
  if (input.title !== undefined && !input.title.trim()) throw new AppError("invalid_input", "A plan needs a title.");
  const plan = await db.plan.update({
    where: { id: input.planId },
    data: {
      ...(input.title !== undefined ? { title: input.title.trim() } : {}),
      goal: input.goal,
      bodyMarkdown: input.bodyMarkdown,
    },
    include: { treeSpec: true },
  });
  return toPlanView(plan);
}

export async function listPlans(db: Db, input: { repoId: string }): Promise<PlanView[]> {
  const plans = await db.plan.findMany({
    where: { repoId: input.repoId },
    include: { treeSpec: true },
    orderBy: { updatedAt: "desc" },
  });
  return plans.map(toPlanView);
}

export async function getPlanOrThrow(db: Db, planId: string): Promise<PlanView> {
  const plan = await db.plan.findUnique({ where: { id: planId }, include: { treeSpec: true } });
  if (!plan) throw new AppError("not_found", "That plan does not exist.");
  return toPlanView(plan);
}

/**
 * Saves a plan's whole design tree atomically (one row, version bumped), after validation
 * that names the offending node. Nothing is written when the tree is invalid.
 */
export async function saveTreeSpec(db: Db, input: { planId: string; tree: DesignTree }): Promise<PlanView> {
  validateDesignTree(input.tree);
  await getPlanOrThrow(db, input.planId);
  const nodes = JSON.stringify(input.tree.nodes);
  const edges = JSON.stringify(input.tree.edges);
  await db.$transaction([
    db.treeSpec.upsert({
      where: { planId: input.planId },
      create: { planId: input.planId, nodes, edges },
      update: { nodes, edges, version: { increment: 1 } },
    }),
    db.plan.update({ where: { id: input.planId }, data: { updatedAt: new Date() } }),
  ]);
  return getPlanOrThrow(db, input.planId);
}

/** Links (or unlinks, with null) a chat session to a plan of the same repository. */
export async function linkSessionToPlan(db: Db, input: { sessionId: string; planId: string | null }): Promise<void> {
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId } });
  if (!session) throw new AppError("not_found", "That conversation does not exist.");
  if (input.planId) {
    const plan = await getPlanOrThrow(db, input.planId);
    if (plan.repoId !== session.repoId) throw new AppError("invalid_input", "That plan belongs to another repository.");
  }
  await db.chatSession.update({ where: { id: session.id }, data: { planId: input.planId } });
}
