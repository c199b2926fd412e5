import type { Db } from "@/lib/db/client.ts";
import type { WorktreeGrants } from "@/lib/worktrees/ship-types.ts";

/** A worktree's rules and mode, read for the removal's dry run (see WorktreeGrants). */
export async function readWorktreeGrants(
  db: Db,
  input: { repoId: string; worktreePath: string },
): Promise<WorktreeGrants> {
  const [rules, mode] = await Promise.all([
    db.permissionRule.findMany({
      where: { scope: "worktree", repoId: input.repoId, worktreePath: input.worktreePath },
      orderBy: { createdAt: "asc" },
      select: { toolName: true, ruleContent: true },
    }),
    db.worktreePermissionMode.findUnique({
      where: { repoId_worktreePath: input },
      select: { permissionMode: true },
    }),
  ]);
  return {
    rules: rules.map((rule) => (rule.ruleContent === null ? rule.toolName : `${rule.toolName}(${rule.ruleContent})`)),
    mode: mode?.permissionMode ?? null,
  };
}

/** Drops a removed worktree's grants (the removal's dry run listed them). */
export async function dropWorktreeGrants(db: Db, input: { repoId: string; worktreePath: string }): Promise<void> {
  await db.$transaction([
    db.permissionRule.deleteMany({
      where: { scope: "worktree", repoId: input.repoId, worktreePath: input.worktreePath },
    }),
    db.worktreePermissionMode.deleteMany({ where: input }),
  ]);
}
