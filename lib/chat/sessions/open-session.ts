import type { Db } from "@/lib/db/client.ts";
import type { PinsPort } from "@/lib/pins/pins-port.ts";
import type { SessionView } from "@/lib/realtime/chat-views.ts";
import { toSessionView } from "@/lib/chat/to-views.ts";

/** Returns the worktree's active chat session, creating it on first open; only a pinned repository's worktree opens. */
export async function openChatSession(
  { db, pins }: { db: Db; pins: PinsPort },
  input: { repoId: string; worktreePath: string },
): Promise<SessionView> {
  const { repoId, worktree } = await pins.resolveWorktree(input);
  const session = await db.chatSession.upsert({
    where: { repoId_activeKey: { repoId, activeKey: worktree.path } },
    create: { repoId, worktreePath: worktree.path, activeKey: worktree.path, branchName: worktree.branch },
    update: { lastUsedAt: new Date(), branchName: worktree.branch },
  });
  return toSessionView(session);
}
