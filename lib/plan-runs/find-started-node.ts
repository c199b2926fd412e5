import type { Db } from "@/lib/db/client.ts";
import { expectedBranchName } from "@/lib/design/naming-rule.ts";
import { readProjectRules } from "@/lib/plans/project-rules.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";

/**
 * The worktree a node's agent was already started in by hand ("Start agent" on the design tree, or
 * New task before the plan had a run): a worktree on the branch the naming rule gives the node,
 * fresh from git. A plan run takes that worktree and its conversation over instead of failing on a
 * branch that exists. Null when no worktree has the branch (a bare branch still stops the node).
 */
export async function findStartedNodeWorktree(
  db: Db,
  input: { repoId: string; slug: string },
): Promise<{ branch: string; worktreePath: string } | null> {
  const rules = await readProjectRules(db, input.repoId);
  const branch = expectedBranchName({ rule: rules.branchNamingRule, slug: input.slug });
  const scan = await scanPinnedRepo(db, { repoId: input.repoId });
  const worktree = scan.worktrees.find((candidate) => !candidate.isMain && candidate.branch === branch);
  return worktree ? { branch, worktreePath: worktree.path } : null;
}

/** Whether the user already talked in the conversation (its agent has begun the task). */
export async function hasUserMessages(db: Db, sessionId: string): Promise<boolean> {
  return (await db.chatMessage.count({ where: { sessionId, role: "user" } })) > 0;
}
