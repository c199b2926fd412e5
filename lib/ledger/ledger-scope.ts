import type { Db } from "@/lib/db/client.ts";
import type { Prisma } from "@/lib/db/generated/client.ts";
import { findNodeForBranch } from "@/lib/plans/plan-context.ts";

/** Where a worktree sits: its path, the plan its conversation is linked to, and its design node. */
export interface WorktreeLedgerScope {
  repoId: string;
  worktreePath: string;
  planId: string | null;
  node: { planId: string; slug: string } | null;
}

/** Entries that apply to the worktree: its own, its design node's, its plan's and the repository's. */
export function whereEntriesApply(scope: WorktreeLedgerScope): Prisma.LedgerEntryWhereInput {
  const planIds = [...new Set([scope.planId, scope.node?.planId].filter((id): id is string => Boolean(id)))];
  return {
    repoId: scope.repoId,
    OR: [
      { scope: "repo" },
      { scope: "worktree", worktreePath: scope.worktreePath },
      ...(planIds.length ? [{ scope: "plan", planId: { in: planIds } }] : []),
      ...(scope.node ? [{ scope: "node", planId: scope.node.planId, nodeSlug: scope.node.slug }] : []),
    ],
  };
}

/**
 * The worktree's scope from what the database knows: the active conversation's plan and branch (or
 * the branch given, e.g. from the hook's worktree index) matched against the plans' design nodes. No
 * git process runs.
 */
export async function resolveWorktreeScope(
  db: Db,
  input: { repoId: string; worktreePath: string; branch?: string | null },
): Promise<WorktreeLedgerScope> {
  const session = await db.chatSession.findFirst({
    where: { repoId: input.repoId, worktreePath: input.worktreePath, status: "active" },
    select: { planId: true, branchName: true },
  });
  const branch = input.branch ?? session?.branchName ?? null;
  const node = branch
    ? await findNodeForBranch(db, { repoId: input.repoId, planId: session?.planId ?? null, branch })
    : null;
  return { repoId: input.repoId, worktreePath: input.worktreePath, planId: session?.planId ?? null, node };
}
