import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { MessageView } from "@/lib/realtime/chat-views.ts";
import { toMessageView } from "@/lib/chat/to-views.ts";

export const MESSAGE_PAGE_SIZE = 100;

/**
 * One page of a session's messages in chronological order: the latest page, or the page
 * before `beforeId`. Archived (purged) messages are left out unless `includeArchived`
 * ("Show older"). Cost follows the page size, not the length of the history.
 */
export async function listMessages(
  db: Db,
  input: { sessionId: string; beforeId?: number; limit?: number; includeArchived?: boolean },
): Promise<{ messages: MessageView[]; hasMore: boolean }> {
  const session = await db.chatSession.findUnique({
    where: { id: input.sessionId },
    select: { id: true, status: true },
  });
  if (!session)
    throw new AppError("not_found", "That conversation does not exist. Open the worktree again from the list.");
  const limit = Math.min(input.limit ?? MESSAGE_PAGE_SIZE, MESSAGE_PAGE_SIZE);
  const rows = await db.chatMessage.findMany({
    where: {
      sessionId: input.sessionId,
      ...(input.includeArchived ? {} : { archivedAt: null }),
      ...(input.beforeId !== undefined ? { id: { lt: input.beforeId } } : {}),
    },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const hasMore =
    rows.length > limit || (!input.includeArchived && (await hasArchivedBefore(db, input.sessionId, rows.at(-1)?.id)));
  const page = rows.slice(0, limit).reverse();
  const runIds = page.map((message) => message.runId).filter((id): id is string => id !== null);
  const runs = runIds.length ? await db.agentRun.findMany({ where: { id: { in: runIds } } }) : [];
  const runById = new Map(runs.map((run) => [run.id, run]));
  return {
    messages: page.map((message) =>
      toMessageView(
        message,
        message.role === "assistant" && message.runId ? (runById.get(message.runId) ?? null) : null,
        { isSessionArchived: session.status === "archived" },
      ),
    ),
    hasMore,
  };
}

/** Whether archived messages exist before the oldest working message shown ("Show older"). */
async function hasArchivedBefore(db: Db, sessionId: string, oldestShownId: number | undefined): Promise<boolean> {
  const archived = await db.chatMessage.findFirst({
    where: {
      sessionId,
      archivedAt: { not: null },
      ...(oldestShownId !== undefined ? { id: { lt: oldestShownId } } : {}),
    },
    select: { id: true },
  });
  return archived !== null;
}
