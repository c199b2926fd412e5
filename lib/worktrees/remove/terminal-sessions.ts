import type { Db } from "@/lib/db/client.ts";

/** One hook event of a Claude Code session outside Arbor's runs, as the activity check reads it. */
export interface SessionEvent {
  sessionId: string;
  eventName: string;
  receivedAt: Date;
}

/** A terminal session whose own last hook event is this recent (and not its SessionEnd) still counts as in use. */
export const RECENT_SESSION_MS = 5 * 60_000;

/** Events read per page while looking back over the recent window. */
const PAGE = 500;
/** At most this many events are read: past them, the worktree counts as in use (safe side; this busy is rare). */
const MAX_EVENTS = 20_000;

/**
 * Folds events, newest first, into the last activity of a session still open, or null. Each
 * session is judged by its own newest event: one session ending says nothing about another that
 * is still working in the same worktree. Pure; `judged` carries over between pages.
 */
export function lastOpenSessionActivity(
  events: readonly SessionEvent[],
  judged: Set<string> = new Set<string>(),
): Date | null {
  for (const event of events) {
    if (judged.has(event.sessionId)) continue;
    judged.add(event.sessionId);
    // Newest first: the first open session met is the most recent activity there is.
    if (event.eventName !== "SessionEnd") return event.receivedAt;
  }
  return null;
}

/**
 * The last activity of a still-open terminal session (not one of Arbor's runs) in the worktree
 * within `windowMs`, read newest first in pages until an open session is found or the events are
 * older than the window.
 */
export async function readLastTerminalActivity(
  db: Db,
  input: { worktreePath: string; now: Date; windowMs: number },
): Promise<Date | null> {
  const since = input.now.getTime() - input.windowMs;
  const judged = new Set<string>();
  let beforeId: number | null = null;
  let newest: Date | null = null;
  for (let read = 0; read < MAX_EVENTS; read += PAGE) {
    const page: Array<SessionEvent & { id: number }> = await db.hookEvent.findMany({
      where: { worktreePath: input.worktreePath, runId: null, ...(beforeId === null ? {} : { id: { lt: beforeId } }) },
      orderBy: { id: "desc" },
      take: PAGE,
      select: { id: true, sessionId: true, eventName: true, receivedAt: true },
    });
    const recent = page.filter((event) => event.receivedAt.getTime() >= since);
    newest ??= recent[0]?.receivedAt ?? null;
    const found = lastOpenSessionActivity(recent, judged);
    if (found || page.length < PAGE || recent.length < page.length) return found;
    beforeId = page.at(-1)!.id;
  }
  // Too many events to judge every session: a safety check errs towards "in use".
  return newest;
}
