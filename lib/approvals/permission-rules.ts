import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { ToolRule } from "@/lib/realtime/approval-view.ts";
import type { AlwaysScope } from "./approval-types.ts";
import { formatToolRule } from "./classify-request.ts";
import type { PermissionRuleView } from "./permission-rule-view.ts";

export type { PermissionRuleView };

/** Saves "Allow always" rules in a scope; a rule already saved there is not saved twice. */
export async function saveRules(
  db: Db,
  input: { rules: ToolRule[]; scope: AlwaysScope; repoId: string; worktreePath: string; approvalId: string | null },
): Promise<void> {
  const where = scopeWhere(input);
  for (const rule of input.rules) {
    const existing = await db.permissionRule.findFirst({
      where: { ...where, toolName: rule.toolName, ruleContent: rule.ruleContent },
    });
    if (existing) continue;
    await db.permissionRule.create({
      data: { ...where, toolName: rule.toolName, ruleContent: rule.ruleContent, approvalId: input.approvalId },
    });
  }
}

/** Every rule that applies in a worktree: its own, its repository's, and Arbor-wide ones. */
export async function listRulesForWorktree(
  db: Db,
  input: { repoId: string; worktreePath: string },
): Promise<PermissionRuleView[]> {
  const rows = await db.permissionRule.findMany({
    where: {
      OR: [
        { scope: "global" },
        { scope: "repo", repoId: input.repoId },
        { scope: "worktree", repoId: input.repoId, worktreePath: input.worktreePath },
      ],
    },
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toRuleView);
}

/** The rules of a repository's page: its repository and worktree rules, plus Arbor-wide ones. */
export async function listRulesForRepo(db: Db, input: { repoId: string }): Promise<PermissionRuleView[]> {
  const rows = await db.permissionRule.findMany({
    where: { OR: [{ scope: "global" }, { repoId: input.repoId }] },
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toRuleView);
}

export async function deleteRule(db: Db, input: { ruleId: string }): Promise<void> {
  const { count } = await db.permissionRule.deleteMany({ where: { id: input.ruleId } });
  if (count === 0)
    throw new AppError("not_found", "That rule no longer exists (it may have been removed in another tab).");
}

function scopeWhere(input: { scope: AlwaysScope; repoId: string; worktreePath: string }) {
  if (input.scope === "global") return { scope: "global", repoId: null, worktreePath: null };
  if (input.scope === "repo") return { scope: "repo", repoId: input.repoId, worktreePath: null };
  return { scope: "worktree", repoId: input.repoId, worktreePath: input.worktreePath };
}

function toRuleView(row: {
  id: string;
  scope: string;
  repoId: string | null;
  worktreePath: string | null;
  toolName: string;
  ruleContent: string | null;
  createdAt: Date;
}): PermissionRuleView {
  const rule = { toolName: row.toolName, ruleContent: row.ruleContent };
  return {
    ...rule,
    id: row.id,
    scope: row.scope === "global" || row.scope === "repo" ? row.scope : "worktree",
    repoId: row.repoId,
    worktreePath: row.worktreePath,
    label: formatToolRule(rule),
    createdAt: row.createdAt.toISOString(),
  };
}
