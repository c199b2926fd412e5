import type { Db } from "@/lib/db/client.ts";
import { NOTIFICATIONS_TOPIC, type EventHub } from "@/lib/realtime/event-hub.ts";
import { stripMetaTags } from "@/lib/hook-events/meta-tag.ts";
import { detectNotification } from "./notify-patterns.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { notifyStateOfType, shouldNotify } from "@/lib/settings/notification-prefs.ts";
import { getCachedSettings, type SettingsParts } from "@/lib/settings/settings-store.ts";

/** What notifying touches: the database, the hub, and the settings (cached) that may switch it off. */
type NotifyParts = SettingsParts & { hub: EventHub };

const KEEP_READ_PER_WORKTREE = 50;

const EXCERPT_CHARS = 300;

interface NotificationTarget {
  dedupeKey: string;
  repoId: string | null;
  worktreePath: string;
  sessionId: string;
}

/**
 * Turns a completion or error-with-abort statement in Claude's last answer into an inbox
 * notification. `dedupeKey` is unique, so concurrent or repeated deliveries of one Stop
 * create one row; read notifications beyond the newest 50 per worktree are trimmed (unread
 * ones never are).
 */
export async function notifyFromAnswer(
  parts: NotifyParts,
  input: NotificationTarget & { answer: string },
): Promise<number | null> {
  const hit = detectNotification(stripMetaTags(input.answer));
  if (!hit) return null;
  return createNotification(parts, input, hit);
}

/**
 * An Arbor run's outcome in the inbox: a finished run with the start of its answer, a failed or
 * timed-out one with what went wrong. A run the user stopped is not news. One row per run.
 */
export async function notifyRunOutcome(
  parts: NotifyParts,
  input: Omit<NotificationTarget, "dedupeKey"> & {
    runId: string;
    status: string;
    answer: string;
    errorMessage: string | null;
  },
): Promise<number | null> {
  if (input.status === "cancelled") return null;
  const isSuccess = input.status === "success";
  const text = isSuccess
    ? stripMetaTags(input.answer).trim() || "Claude finished answering."
    : input.errorMessage?.trim() || `The run ended: ${input.status.replace("_", " ")}.`;
  const excerpt = text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
  return createNotification(
    parts,
    { ...input, dedupeKey: `${RUN_KEY_PREFIX}${input.runId}` },
    { kind: isSuccess ? "completion" : "error", excerpt },
  );
}

const RUN_KEY_PREFIX = "run:";

/** Whether a stored notification tells how an Arbor run ended (its key is the run's). */
export function isRunNotificationKey(dedupeKey: string): boolean {
  return dedupeKey.startsWith(RUN_KEY_PREFIX);
}

/** Stores one notification unless the user switched its state off (Settings), and tells the browsers. */
async function createNotification(
  parts: NotifyParts,
  input: NotificationTarget,
  hit: { kind: "completion" | "error"; excerpt: string },
): Promise<number | null> {
  const { db, hub } = parts;
  if (!shouldNotify(notifyStateOfType(hit.kind), await getCachedSettings(parts)).inbox) return null;
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
  hub.publish(NOTIFICATIONS_TOPIC, {
    type: "notification",
    notification: {
      id,
      type: hit.kind,
      worktreePath: input.worktreePath,
      sessionId: input.sessionId,
      excerpt: hit.excerpt,
      isArborRun: isRunNotificationKey(input.dedupeKey),
    },
  });
  return id;
}

/** Marks one notification, or every notification of a worktree, as read; then trims. */
export async function markNotificationsRead(
  { db, hub }: { db: Db; hub: EventHub },
  input: { id?: number; worktreePath?: string },
): Promise<number> {
  const result = await db.notification.updateMany({
    where: {
      isRead: false,
      ...(input.id !== undefined ? { id: input.id } : {}),
      ...(input.worktreePath ? { worktreePath: input.worktreePath } : {}),
    },
    data: { isRead: true },
  });
  // Nothing was unread (a chat read again): nothing to trim, no browser to tell.
  if (result.count === 0) return 0;
  const worktrees = input.worktreePath
    ? [input.worktreePath]
    : (await db.notification.findMany({ where: { id: input.id }, select: { worktreePath: true } })).map(
        (row) => row.worktreePath,
      );
  for (const worktreePath of worktrees) await trimReadNotifications(db, worktreePath);
  hub.publish(NOTIFICATIONS_TOPIC, { type: "invalidate", queryKey: queryKeys.notifications() });
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
