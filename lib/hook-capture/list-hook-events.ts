import type { Db } from "@/lib/db/client.ts";
import type { Prisma } from "@/lib/db/generated/client.ts";
import { toHookEventView, toRelayView, type HookEventView, type RelayView } from "@/lib/hooks/hook-event-view.ts";

export interface HookEventFilter {
  /** One worktree's events; `unpinned` lists events from directories outside pinned repos. */
  worktreePath?: string;
  unpinned?: boolean;
  sessionId?: string;
  eventName?: string;
  toolName?: string;
  /** Matches the one-line summary, the session id or the tool name. */
  q?: string;
  beforeId?: number;
  limit?: number;
}

/** A page of hook events, newest first, with the filters of the timeline and the Logs page. */
export async function listHookEvents(
  db: Db,
  filter: HookEventFilter,
): Promise<{ events: HookEventView[]; hasMore: boolean }> {
  const limit = Math.min(filter.limit ?? 200, 500);
  const where: Prisma.HookEventWhereInput = {
    ...(filter.worktreePath ? { worktreePath: filter.worktreePath } : {}),
    ...(filter.unpinned ? { worktreePath: null } : {}),
    ...(filter.sessionId ? { sessionId: filter.sessionId } : {}),
    ...(filter.eventName ? { eventName: filter.eventName } : {}),
    ...(filter.toolName ? { toolName: filter.toolName } : {}),
    ...(filter.beforeId ? { id: { lt: filter.beforeId } } : {}),
    ...(filter.q
      ? {
          OR: [
            { summary: { contains: filter.q } },
            { sessionId: { contains: filter.q } },
            { toolName: { contains: filter.q } },
          ],
        }
      : {}),
  };
  const rows = await db.hookEvent.findMany({ where, orderBy: { id: "desc" }, take: limit + 1 });
  return { events: rows.slice(0, limit).map((row) => toHookEventView(row)), hasMore: rows.length > limit };
}

/** One event with its full payload. */
export async function getHookEvent(db: Db, input: { id: number }): Promise<HookEventView | null> {
  const row = await db.hookEvent.findUnique({ where: { id: input.id } });
  return row ? toHookEventView(row, { withPayload: true }) : null;
}

/** Relays of a worktree (or a session), newest first. */
export async function listRelays(
  db: Db,
  input: { worktreePath?: string; sessionId?: string; limit?: number },
): Promise<RelayView[]> {
  const rows = await db.transcriptRelay.findMany({
    where: {
      ...(input.worktreePath ? { worktreePath: input.worktreePath } : {}),
      ...(input.sessionId ? { sessionId: input.sessionId } : {}),
    },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: Math.min(input.limit ?? 100, 500),
  });
  return rows.map(toRelayView);
}

/** The Claude sessions seen in a worktree (or everywhere), with counts and whether Arbor ran them. */
export async function listHookSessions(db: Db, input: { worktreePath?: string }) {
  const groups = await db.hookEvent.groupBy({
    by: ["sessionId", "worktreePath"],
    where: input.worktreePath ? { worktreePath: input.worktreePath } : {},
    _count: { id: true },
    _min: { receivedAt: true },
    _max: { receivedAt: true, runId: true },
    orderBy: { _max: { receivedAt: "desc" } },
    take: 200,
  });
  return groups.map((group) => ({
    sessionId: group.sessionId,
    worktreePath: group.worktreePath,
    eventCount: group._count.id,
    firstAt: group._min.receivedAt?.toISOString() ?? null,
    lastAt: group._max.receivedAt?.toISOString() ?? null,
    runId: group._max.runId ?? null,
    isArborRun: group._max.runId !== null,
  }));
}
