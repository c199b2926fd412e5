import { providerOf, type Db } from "@/lib/db/client.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { HookEventFilter } from "./hook-event-filter.ts";
import type { HookIngest } from "./hook-ingest-state.ts";
import { decodePayload } from "@/lib/hook-events/payload-codec.ts";
import {
  toHookEventView,
  toRelayView,
  WITHOUT_PAYLOAD,
  type HookEventView,
  type RelayView,
} from "@/lib/hook-events/hook-event-view.ts";

/** A page of hook events, newest first, with the filters of the timeline and the Logs page (payloads left out: see getHookEvent). */
export async function listHookEvents(
  { db, hookIngest }: { db: Db; hookIngest: HookIngest },
  filter: HookEventFilter,
): Promise<{ events: HookEventView[]; hasMore: boolean }> {
  const limit = Math.min(filter.limit ?? 200, 500);
  const q = filter.q?.trim() ?? "";
  if (q.length >= 3 && providerOf(db) === "sqlite")
    return searchHookEvents({ db, hookIngest }, { ...filter, q, limit });
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
            { summary: contains(db, filter.q) },
            { sessionId: contains(db, filter.q) },
            { toolName: contains(db, filter.q) },
          ],
        }
      : {}),
  };
  const rows = await db.hookEvent.findMany({ where, orderBy: { id: "desc" }, take: limit + 1, omit: WITHOUT_PAYLOAD });
  return { events: rows.slice(0, limit).map((row) => toHookEventView(row)), hasMore: rows.length > limit };
}

/**
 * A case-insensitive substring filter on either engine: SQLite's LIKE already ignores ASCII case,
 * PostgreSQL's needs Prisma's `insensitive` mode (ILIKE), which the SQLite client's types lack.
 */
function contains(db: Db, text: string): Prisma.StringFilter {
  return (
    providerOf(db) === "postgresql" ? { contains: text, mode: "insensitive" } : { contains: text }
  ) as Prisma.StringFilter;
}

/**
 * SQLite's search: the trigram index (hook_events_fts, see search-index.ts) finds the events whose
 * summary, session id or tool name contains the text, case-insensitively, newest first, and the
 * other filters apply as it goes, so a page costs about its own size however many events match.
 * Under three characters there are no trigrams, and the caller scans as before.
 */
async function searchHookEvents(
  { db, hookIngest }: { db: Db; hookIngest: HookIngest },
  filter: HookEventFilter & { q: string; limit: number },
): Promise<{ events: HookEventView[]; hasMore: boolean }> {
  // Events stored in the last moment are indexed first, so a search always sees them.
  await hookIngest.searchIndex.catchUp();
  const conditions = [
    Prisma.sql`hook_events_fts MATCH ${`"${filter.q.replaceAll('"', '""')}"`}`,
    ...(filter.worktreePath ? [Prisma.sql`h.worktree_path = ${filter.worktreePath}`] : []),
    ...(filter.unpinned ? [Prisma.sql`h.worktree_path IS NULL`] : []),
    ...(filter.sessionId ? [Prisma.sql`h.session_id = ${filter.sessionId}`] : []),
    ...(filter.eventName ? [Prisma.sql`h.event_name = ${filter.eventName}`] : []),
    ...(filter.toolName ? [Prisma.sql`h.tool_name = ${filter.toolName}`] : []),
    ...(filter.beforeId ? [Prisma.sql`f.rowid < ${filter.beforeId}`] : []),
  ];
  const found = await db.$queryRaw<Array<{ id: number | bigint }>>`
    SELECT h.id AS id FROM hook_events_fts f JOIN hook_events h ON h.id = f.rowid
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY f.rowid DESC LIMIT ${filter.limit + 1}`;
  const ids = found.map((row) => Number(row.id));
  const rows = await db.hookEvent.findMany({
    where: { id: { in: ids.slice(0, filter.limit) } },
    orderBy: { id: "desc" },
    omit: WITHOUT_PAYLOAD,
  });
  return { events: rows.map((row) => toHookEventView(row)), hasMore: ids.length > filter.limit };
}

/** One event with its full payload. */
export async function getHookEvent(db: Db, input: { id: number }): Promise<HookEventView | null> {
  const row = await db.hookEvent.findUnique({ where: { id: input.id } });
  return row ? toHookEventView(row, { payloadText: decodePayload(row) }) : null;
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
      // Subagents' own prompts (imported from their transcripts) are not the conversation's.
      agentId: null,
    },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: Math.min(input.limit ?? 100, 500),
  });
  return rows.map(toRelayView);
}

/**
 * The Claude sessions seen in a worktree (or everywhere), newest activity first, with counts and
 * whether Arbor ran them. Read from `hook_sessions`, which triggers keep as events are stored,
 * so the Logs page's first view does not aggregate every event (a million took seconds).
 */
export async function listHookSessions(db: Db, input: { worktreePath?: string }) {
  const rows = await db.$queryRaw<
    Array<{
      session_id: string;
      worktree_path: string | null;
      event_count: number | bigint;
      first_at: Date | string;
      last_at: Date | string;
      max_run_id: string | null;
    }>
  >`
    SELECT session_id, worktree_path, event_count, first_at, last_at, max_run_id FROM hook_sessions
    ${input.worktreePath ? Prisma.sql`WHERE worktree_key = ${input.worktreePath}` : Prisma.empty}
    ORDER BY last_at DESC LIMIT 200`;
  return rows.map((row) => ({
    sessionId: row.session_id,
    worktreePath: row.worktree_path,
    eventCount: Number(row.event_count),
    firstAt: new Date(row.first_at).toISOString(),
    lastAt: new Date(row.last_at).toISOString(),
    runId: row.max_run_id,
    isArborRun: row.max_run_id !== null,
  }));
}

/**
 * Recounts sessions' first and last times from their remaining events, after deletions (the
 * delete trigger only lowers the counts: recounting there would read a session's events once per
 * deleted row).
 */
export async function recountHookSessions(
  db: Db,
  sessions: ReadonlyArray<{ sessionId: string; worktreePath: string | null }>,
): Promise<void> {
  const seen = new Set<string>();
  for (const { sessionId, worktreePath } of sessions) {
    const key = worktreePath ?? "";
    if (seen.has(`${sessionId}\0${key}`)) continue;
    seen.add(`${sessionId}\0${key}`);
    const worktree =
      worktreePath === null ? Prisma.sql`worktree_path IS NULL` : Prisma.sql`worktree_path = ${worktreePath}`;
    await db.$executeRaw`
      UPDATE hook_sessions SET
        first_at = (SELECT min(received_at) FROM hook_events WHERE session_id = ${sessionId} AND ${worktree}),
        last_at = (SELECT max(received_at) FROM hook_events WHERE session_id = ${sessionId} AND ${worktree}),
        max_run_id = (SELECT max(run_id) FROM hook_events WHERE session_id = ${sessionId} AND ${worktree})
      WHERE session_id = ${sessionId} AND worktree_key = ${key}`;
  }
}
