import type { Db } from "@/lib/db/client.ts";
import type { SessionView } from "@/lib/realtime/chat-views.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { toSessionView } from "@/lib/chat/to-views.ts";

/** Returns the worktree's active chat session, creating it on first open. */
export async function openChatSession(db: Db, input: { repoId: string; worktreePath: string }): Promise<SessionView> {
  const { repoId, worktree } = await resolvePinnedWorktree(db, input);
  const session = await db.chatSession.upsert({
    where: { repoId_activeKey: { repoId, activeKey: worktree.path } },
    create: { repoId, worktreePath: worktree.path, activeKey: worktree.path, branchName: worktree.branch },
    update: { lastUsedAt: new Date(), branchName: worktree.branch },
  });
  return toSessionView(session);
}
