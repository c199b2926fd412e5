import type { Db } from "@/lib/db/client.ts";
import { getEventHub } from "@/lib/realtime/event-hub.ts";
import { stripMetaTags } from "@/lib/hooks/meta-tag.ts";
import { detectNotification } from "./notify-patterns.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

export const NOTIFICATIONS_TOPIC = "notifications";
const KEEP_READ_PER_WORKTREE = 50;

/**
 * Turns a completion or error-with-abort statement in Claude's last answer into an inbox
 * notification. `dedupeKey` is unique, so concurrent or repeated deliveries of one Stop
 * create one row; read notifications beyond the newest 50 per worktree are trimmed (unread
 * ones never are).
 */
export async function notifyFromAnswer(
  db: Db,
  input: { dedupeKey: string; repoId: string | null; worktreePath: string; sessionId: string; answer: string },
): Promise<number | null> {
  const hit = detectNotification(stripMetaTags(input.answer));
  if (!hit) return null;
  let id: number;
  try {
    const row = await db.notification.create({
      data: {
        dedupeKey: input.dedupeKey,
        repoId: input.repoId,
        worktreePath: input.worktreePath,
        sessionId: input.sessionId,
        type: hit.kind,
        excerpt: hit.excerpt,
      },
    });
    id = row.id;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return null;
    throw error;
  }
  getEventHub().publish(NOTIFICATIONS_TOPIC, {
    type: "notification",
    notification: {
      id,
      type: hit.kind,
      worktreePath: input.worktreePath,
      sessionId: input.sessionId,
      excerpt: hit.excerpt,
    },
  });
  return id;
}

/** Marks one notification, or every notification of a worktree, as read; then trims. */
export async function markNotificationsRead(db: Db, input: { id?: number; worktreePath?: string }): Promise<number> {
  const result = await db.notification.updateMany({
    where: {
      isRead: false,
      ...(input.id !== undefined ? { id: input.id } : {}),
      ...(input.worktreePath ? { worktreePath: input.worktreePath } : {}),
    },
    data: { isRead: true },
  });
  const worktrees = input.worktreePath
    ? [input.worktreePath]
    : (await db.notification.findMany({ where: { id: input.id }, select: { worktreePath: true } })).map(
        (row) => row.worktreePath,
      );
  for (const worktreePath of worktrees) await trimReadNotifications(db, worktreePath);
  getEventHub().publish(NOTIFICATIONS_TOPIC, { type: "invalidate", queryKey: queryKeys.notifications() });
  return result.count;
}

async function trimReadNotifications(db: Db, worktreePath: string): Promise<void> {
  const keep = await db.notification.findMany({
    where: { worktreePath, isRead: true },
    orderBy: { id: "desc" },
    take: KEEP_READ_PER_WORKTREE,
    select: { id: true },
  });
  if (keep.length < KEEP_READ_PER_WORKTREE) return;
  await db.notification.deleteMany({ where: { worktreePath, isRead: true, id: { lt: keep.at(-1)!.id } } });
}

export async function listNotifications(db: Db, input: { isUnreadOnly?: boolean; worktreePath?: string }) {
  const rows = await db.notification.findMany({
    where: {
      ...(input.isUnreadOnly ? { isRead: false } : {}),
      ...(input.worktreePath ? { worktreePath: input.worktreePath } : {}),
    },
    orderBy: { id: "desc" },
    take: 200,
  });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
