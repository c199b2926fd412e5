import type { Db } from "@/lib/db/client.ts";
import type { SessionView } from "@/lib/realtime/chat-views.ts";
import { toSessionView } from "@/lib/chat/to-views.ts";

/** A worktree's sessions: the active one first, then archived ones, newest first. */
export async function listWorktreeSessions(
  db: Db,
  input: { repoId: string; worktreePath: string },
): Promise<SessionView[]> {
  const sessions = await db.chatSession.findMany({
    where: { repoId: input.repoId, worktreePath: input.worktreePath },
    orderBy: [{ createdAt: "desc" }],
  });
  return sessions.map(toSessionView).sort((a, b) => Number(a.status === "archived") - Number(b.status === "archived"));
}
