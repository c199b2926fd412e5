import type { Db } from "@/lib/db/client.ts";
import type { WorktreeActivity } from "@/lib/realtime/chat-views.ts";
import type { ApprovalsPort } from "@/lib/approvals/approvals-port.ts";
import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import { findRepoOwner } from "@/lib/team/ownership.ts";

/** Per worktree of a repository: is an agent running or queued, and is there an unread answer. */
export async function listWorktreeActivity(
  ctx: { db: Db; runs: RunManager; approvals: ApprovalsPort },
  input: { repoId: string },
): Promise<WorktreeActivity[]> {
  const { db } = ctx;
  const sessions = await db.chatSession.findMany({ where: { repoId: input.repoId, status: "active" } });
  const manager = ctx.runs;
  return Promise.all(
    sessions.map(async (session) => {
      const unread = await db.agentRun.findFirst({
        where: { sessionId: session.id, finishedAt: { gt: session.lastReadAt } },
        select: { id: true },
      });
      return {
        worktreePath: session.worktreePath,
        sessionId: session.id,
        state:
          ctx.approvals.countWaiting({ repoId: input.repoId, worktreePath: session.worktreePath }) > 0
            ? ("waiting" as const)
            : manager.stateOf(session.worktreePath),
        hasUnread: unread !== null,
      };
    }),
  );
}

/**
 * Records that the user has seen the worktree's chat up to now; gives the worktree's path (its
 * notifications are seen with it), or null for a conversation that is not this instance's.
 */
export async function markSessionRead(db: Db, input: { sessionId: string }): Promise<string | null> {
  const session = await db.chatSession.findUnique({
    where: { id: input.sessionId },
    select: { repoId: true, worktreePath: true },
  });
  if (!session) return null;
  // Another instance's conversation is read-only here; its unread marks are that instance's.
  if ((await findRepoOwner(db, session.repoId))?.isLocal === false) return null;
  await db.chatSession.updateMany({ where: { id: input.sessionId }, data: { lastReadAt: new Date() } });
  return session.worktreePath;
}
