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
    version: plan.version,
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

/**
 * Edits a plan's title, goal or body. Plans are shared by every instance of a team, so a save
 * names the version it was made from (`baseVersion`) and is refused, with nothing written, when
 * someone saved in between.
 */
export async function updatePlan(
  db: Db,
  input: { planId: string; baseVersion: number; title?: string; goal?: string; bodyMarkdown?: string },
): Promise<PlanView> {
  if (input.title !== undefined && !input.title.trim()) throw new AppError("invalid_input", "A plan needs a title.");
  const { count } = await db.plan.updateMany({
    where: { id: input.planId, version: input.baseVersion },
    data: {
      ...(input.title !== undefined ? { title: input.title.trim() } : {}),
      goal: input.goal,
      bodyMarkdown: input.bodyMarkdown,
      version: { increment: 1 },
    },
  });
  if (count === 0) {
    const current = await getPlanOrThrow(db, input.planId);
    throw staleSave({ what: "plan", current: current.version, base: input.baseVersion, at: current.updatedAt });
  }
  return getPlanOrThrow(db, input.planId);
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
 * that names the offending node. Nothing is written when the tree is invalid, or when the tree
 * is no longer the version the save was made from (`baseVersion`, null for a plan without a
 * tree): design trees are shared by every instance of a team, and of two saves from the same
 * version one wins and the other is told, never silently overwritten. The compare-and-set is one
 * UPDATE (or the INSERT of the unique row), so it holds under concurrent writers on PostgreSQL too.
 */
export async function saveTreeSpec(
  db: Db,
  input: { planId: string; tree: DesignTree; baseVersion: number | null },
): Promise<PlanView> {
  validateDesignTree(input.tree);
  await getPlanOrThrow(db, input.planId);
  const nodes = JSON.stringify(input.tree.nodes);
  const edges = JSON.stringify(input.tree.edges);
  const touchPlan = () => db.plan.update({ where: { id: input.planId }, data: { updatedAt: new Date() } });
  let isSaved = true;
  if (input.baseVersion === null) {
    try {
      await db.$transaction([db.treeSpec.create({ data: { planId: input.planId, nodes, edges } }), touchPlan()]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      isSaved = false;
    }
  } else {
    isSaved = await db.$transaction(async (tx) => {
      const { count } = await tx.treeSpec.updateMany({
        where: { planId: input.planId, version: input.baseVersion ?? 0 },
        data: { nodes, edges, version: { increment: 1 } },
      });
      if (count === 0) return false;
      await tx.plan.update({ where: { id: input.planId }, data: { updatedAt: new Date() } });
      return true;
    });
  }
  const plan = await getPlanOrThrow(db, input.planId);
  if (!isSaved) {
    throw staleSave({ what: "design tree", current: plan.treeVersion, base: input.baseVersion, at: plan.updatedAt });
  }
  return plan;
}

function staleSave(input: { what: string; current: number | null; base: number | null; at: string }): AppError {
  return new AppError(
    "conflict",
    `This ${input.what} was saved by someone else (now version ${input.current ?? 1}, ${input.at}) since you opened ${input.base === null ? "it" : `version ${input.base}`}. Nothing was overwritten: reload to see their version, then make your change again.`,
    { details: { isStale: true, currentVersion: input.current, baseVersion: input.base } },
  );
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

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "P2002";
}
