import { providerOf, sqliteSideConnectionOf, type Db } from "@/lib/db/client.ts";
import type { DatabaseProvider } from "@/lib/db/database-url.ts";
import { NUL_REPLACEMENT } from "@/lib/db/postgres-text-args.ts";
import { Prisma, type HookEvent as HookEventRow } from "@/lib/db/generated/client.ts";
import { encodePayload } from "@/lib/hook-events/payload-codec.ts";

/** Every column of a hook event but the ones the database assigns; `payload` is the whole JSON text. */
export type NewHookEvent = Omit<HookEventRow, "id" | "receivedAt" | "payloadZ">;

/** An event as it is written: its payload compressed when that makes it smaller (payload-codec.ts). */
type StoredEvent = NewHookEvent & Pick<HookEventRow, "payloadZ">;

/**
 * Inserts hook events in one statement, returning the stored rows shaped like Prisma's `HookEvent`;
 * known event ids are skipped (ids must be distinct per call). Raw SQL because this is the hook hot
 * path: 0.4 ms against 2.6 ms via `createManyAndReturn`. `ON CONFLICT DO NOTHING RETURNING` works on
 * SQLite 3.35+ and PostgreSQL 9.5+; `Prisma.sql` picks placeholders. Payloads may be compressed
 * (read with `decodePayload`); only the id comes back from the database, the rest is what was inserted.
 */
export async function insertHookEvents(db: Db, events: readonly NewHookEvent[]): Promise<HookEventRow[]> {
  if (events.length === 0) return [];
  const receivedAt = new Date();
  const provider = providerOf(db);
  const wellFormed = events.map((event): StoredEvent => {
    const stored = asStored(event, provider);
    return { ...stored, ...encodePayload(stored.payload) };
  });
  const inserted =
    provider === "sqlite"
      ? ((await insertThroughSideConnectionSoon(db, wellFormed, receivedAt)) ??
        (await insertIntoSqlite(db, wellFormed, receivedAt)))
      : await insertRows(db, wellFormed, receivedAt);
  const idByEventId = new Map(inserted.map((row) => [row.event_id, Number(row.id)]));
  const rows: HookEventRow[] = [];
  for (const event of wellFormed) {
    const id = idByEventId.get(event.eventId);
    if (id !== undefined) rows.push(toRow({ id, receivedAt, event }));
  }
  return rows;
}

/** A lone UTF-16 surrogate (from a payload's `\\ud800`): stored as U+FFFD by both engines. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The event's text as the database will hold it, so the row returned is the row read back: a lone
 * surrogate becomes U+FFFD, and so does U+0000 on PostgreSQL (see postgres-text-args.ts).
 */
function asStored(event: NewHookEvent, provider: DatabaseProvider): NewHookEvent {
  let result = event;
  for (const [key, value] of Object.entries(event)) {
    if (typeof value !== "string") continue;
    let text = LONE_SURROGATE.test(value) ? value.replace(new RegExp(LONE_SURROGATE, "g"), "\uFFFD") : value;
    if (provider === "postgresql" && text.includes("\u0000")) text = text.replaceAll("\u0000", NUL_REPLACEMENT);
    if (text !== value) result = { ...result, [key]: text };
  }
  return result;
}

type Inserted = Array<{ id: number | bigint; event_id: string }>;

/**
 * SQLite: the whole batch as one JSON text, unpacked by `json_each`, so the statement is the same
 * whatever the batch size and binds two values instead of 17 per row. Binding each value cost
 * more in Prisma's query pipeline (and a fresh prepare of an ever longer statement) than the
 * insert itself. Stored values are byte-for-byte what binding them one by one stores (booleans
 * as 0/1, text with NUL included; tests/integration compare both).
 * `WHERE true` tells SQLite's parser the ON CONFLICT belongs to the INSERT, not to a join.
 */
function insertIntoSqlite(db: Db, events: readonly StoredEvent[], receivedAt: Date): Promise<Inserted> {
  return db.$queryRawUnsafe<Inserted>(SQLITE_INSERT, sqliteTimestamp(receivedAt), sqliteRowsJson(events));
}

/**
 * The same statement on the plain connection beside Prisma's, prepared once (what Prisma would
 * prepare again for every batch), or null when Prisma's connection holds the write lock now.
 */
function insertThroughSideConnection(db: Db, events: readonly StoredEvent[], receivedAt: Date): Inserted | null {
  return (
    sqliteSideConnectionOf(db)?.all<Inserted[number]>(SQLITE_INSERT, [
      sqliteTimestamp(receivedAt),
      sqliteRowsJson(events),
    ]) ?? null
  );
}

/** How long an insert waits, between tries and off the event loop, for a write lock held elsewhere. */
const SIDE_CONNECTION_RETRY_MS = 5;
const SIDE_CONNECTION_TRIES = 40;

/**
 * The side connection's insert, tried again every 5 ms for up to 200 ms while another connection
 * holds the write lock (the WAL checkpoint worker's RESTART round holds it 3–110 ms: see
 * lib/db/wal-checkpointer.ts), then null: Prisma's connection would wait for the lock in SQLite's busy
 * handler, asleep on the event loop. A lock held longer (one of Prisma's transactions across awaits)
 * still ends in Prisma's queue.
 */
async function insertThroughSideConnectionSoon(
  db: Db,
  events: readonly StoredEvent[],
  receivedAt: Date,
): Promise<Inserted | null> {
  for (let tries = 1; ; tries += 1) {
    const inserted = insertThroughSideConnection(db, events, receivedAt);
    if (inserted || tries >= SIDE_CONNECTION_TRIES || !sqliteSideConnectionOf(db)) return inserted;
    await new Promise((resolve) => setTimeout(resolve, SIDE_CONNECTION_RETRY_MS));
  }
}

/** A DateTime as Prisma's SQLite adapter stores it (ISO 8601 with an explicit offset). */
const sqliteTimestamp = (date: Date) => date.toISOString().replace("Z", "+00:00");

const SQLITE_INSERT = `
    INSERT INTO hook_events (event_id, received_at, event_name, session_id, tool_name, tool_use_id, cwd, repo_id, worktree_path, run_id, source, instance_id, summary, is_block, block_reason, payload, payload_bytes, is_truncated, payload_z)
    SELECT value->>0, ?, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7, value->>8, value->>9, value->>10, value->>11, value->>12, value->>13, value->>14, value->>15, value->>16, unhex(value->>17)
    FROM json_each(?) WHERE true
    ON CONFLICT (event_id) DO NOTHING
    RETURNING id, event_id`;

/** The compressed payload travels in the JSON as hex, turned back into a BLOB by `unhex`. */
function sqliteRowsJson(events: readonly StoredEvent[]): string {
  return JSON.stringify(
    events.map((event) => [
      event.eventId,
      event.eventName,
      event.sessionId,
      event.toolName,
      event.toolUseId,
      event.cwd,
      event.repoId,
      event.worktreePath,
      event.runId,
      event.source,
      event.instanceId,
      event.summary,
      event.isBlock ? 1 : 0,
      event.blockReason,
      event.payload,
      event.payloadBytes,
      event.isTruncated ? 1 : 0,
      event.payloadZ === null ? null : Buffer.from(event.payloadZ).toString("hex"),
    ]),
  );
}

/** PostgreSQL: one multi-row VALUES statement (its driver binds parameters cheaply). */
function insertRows(db: Db, events: readonly StoredEvent[], receivedAt: Date): Promise<Inserted> {
  const values = events.map(
    (event) =>
      Prisma.sql`(${event.eventId}, ${receivedAt}, ${event.eventName}, ${event.sessionId}, ${event.toolName}, ${event.toolUseId}, ${event.cwd}, ${event.repoId}, ${event.worktreePath}, ${event.runId}, ${event.source}, ${event.instanceId}, ${event.summary}, ${event.isBlock}, ${event.blockReason}, ${event.payload}, ${event.payloadBytes}, ${event.isTruncated}, ${event.payloadZ})`,
  );
  return db.$queryRaw<Inserted>`
    INSERT INTO hook_events (event_id, received_at, event_name, session_id, tool_name, tool_use_id, cwd, repo_id, worktree_path, run_id, source, instance_id, summary, is_block, block_reason, payload, payload_bytes, is_truncated, payload_z)
    VALUES ${Prisma.join(values)}
    ON CONFLICT (event_id) DO NOTHING
    RETURNING id, event_id`;
}

/** The row in Prisma's field order, so it prints and serialises like one Prisma returned. */
function toRow({ id, receivedAt, event }: { id: number; receivedAt: Date; event: StoredEvent }): HookEventRow {
  return {
    id,
    eventId: event.eventId,
    receivedAt,
    eventName: event.eventName,
    sessionId: event.sessionId,
    toolName: event.toolName,
    toolUseId: event.toolUseId,
    cwd: event.cwd,
    repoId: event.repoId,
    worktreePath: event.worktreePath,
    runId: event.runId,
    source: event.source,
    instanceId: event.instanceId,
    summary: event.summary,
    isBlock: event.isBlock,
    blockReason: event.blockReason,
    payload: event.payload,
    payloadZ: event.payloadZ,
    payloadBytes: event.payloadBytes,
    isTruncated: event.isTruncated,
  };
}
