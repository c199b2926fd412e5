import { existsSync } from "node:fs";
import type { Db } from "@/lib/db/client.ts";
import type { MergeOrder } from "@/lib/design/merge-order/merge-order.ts";
import { readMergeOrder } from "@/lib/design/merge-order/read-merge-order.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { getPlanOrThrow } from "./plans-store.ts";
import { readProjectRules } from "./project-rules.ts";
import type { PlanView } from "./plan-types.ts";

/**
 * The order to land a plan's branches on the default branch, with each one's conflict risks and
 * the warnings (see lib/design/merge-order/merge-order.ts). A plan without a design tree has an empty order.
 * Throws not_found for an unknown plan or a repository whose folder is gone.
 */
export async function readPlanMergeOrder(db: Db, input: { planId: string }): Promise<MergeOrder> {
  return readMergeOrderOfPlan(db, await getPlanOrThrow(db, input.planId));
}

/**
 * readPlanMergeOrder for a plan already read (the prompt's Plan section has it); with `focusSlug`,
 * only that node's conflicts are measured (see readMergeOrder).
 */
export async function readMergeOrderOfPlan(
  db: Db,
  plan: PlanView,
  options: { focusSlug?: string } = {},
): Promise<MergeOrder> {
  const repoRoot = await findRepoRoot(db, plan.repoId);
  const [rules, isTrusted] = await Promise.all([
    readProjectRules(db, plan.repoId),
    isRepositoryTrusted(db, plan.repoId),
  ]);
  return readMergeOrder({
    repoRoot,
    tree: plan.tree ?? { nodes: [], edges: [] },
    rule: rules.branchNamingRule,
    isTrusted,
    ...options,
  });
}

async function findRepoRoot(db: Db, repoId: string): Promise<string> {
  const repo = await db.repo.findUnique({ where: { id: repoId }, include: { pins: true } });
  if (!repo) throw new AppError("not_found", "That repository is not pinned. Pin it again from the left column.");
  const existing = [repo.rootPath, ...repo.pins.map((pin) => pin.localPath)].find((path) => existsSync(path));
  if (!existing)
    throw new AppError(
      "not_found",
      `The repository directory ${repo.rootPath} no longer exists. Restore it, or remove the pin and pin its new location.`,
      { details: { isMissing: true, path: repo.rootPath } },
    );
  return existing;
}
