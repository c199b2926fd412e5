import { Prisma } from "@/lib/db/generated/client.ts";
import { providerOf, sqliteSideConnectionOf, type Db } from "@/lib/db/client.ts";
import type { RelayRow } from "./relay-row.ts";
import { relayRowFromSqliteParams, sqliteRelayParams, sqliteTimestamp } from "./relay-row-params.ts";

export type { RelayRow } from "./relay-row.ts";

/** Where a file's reading stands: committed together with the relays it covers. */
export interface CursorRow {
  path: string;
  sessionId: string;
  offset: number;
  /** Set when the file was read to its end and is settled (re-import skips it while unchanged). */
  settled: { fileSize: number; mtimeMs: number } | null;
}

const RELAY_COLUMNS =
  "session_id, start_uuid, repo_id, worktree_path, cwd, started_at, ended_at, user_text, assistant_text, tool_calls, model, is_interrupted, api_error, hook_blocks, run_id, agent_id, updated_at";
const RELAY_UPDATE = RELAY_COLUMNS.split(", ")
  .filter((column) => column !== "session_id" && column !== "start_uuid")
  .map((column) => `${column} = excluded.${column}`)
  .join(", ");
const CURSOR_UPSERT_TAIL = `ON CONFLICT (path) DO UPDATE SET session_id = excluded.session_id, "offset" = excluded."offset", file_size = excluded.file_size, mtime_ms = excluded.mtime_ms, is_complete = excluded.is_complete, updated_at = excluded.updated_at`;
const SQLITE_RELAY_UPSERT = `INSERT INTO transcript_relays (${RELAY_COLUMNS}) VALUES (${Array(17).fill("?").join(", ")}) ON CONFLICT (session_id, start_uuid) DO UPDATE SET ${RELAY_UPDATE}`;
const SQLITE_CURSOR_UPSERT = `INSERT INTO transcript_cursors (path, session_id, "offset", file_size, mtime_ms, is_complete, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ${CURSOR_UPSERT_TAIL}`;
/** Rows per statement through Prisma: 17 parameters each stays far below both engines' limits. */
const ROWS_PER_STATEMENT = 500;

/**
 * Writes a chunk's relays (insert, or update the same `(session_id, start_uuid)`), given as rows or
 * already as SQLite parameters (see relay-row-params.ts), and the file's cursor in one
 * transaction, so a crash between chunks resumes exactly where the relays end. On
 * SQLite through the plain side connection (prepared statements, one immediate transaction);
 * when Prisma's connection holds the write lock, or on PostgreSQL, through Prisma with multi-row
 * statements.
 */
export async function writeRelayChunk(
  db: Db,
  chunk: readonly RelayRow[] | { sqliteParams: unknown[][] },
  cursor: CursorRow,
): Promise<void> {
  const now = new Date();
  if (providerOf(db) === "sqlite") {
    const side = sqliteSideConnectionOf(db);
    const stamp = sqliteTimestamp(now);
    const isWritten = side?.runInTransaction([
      {
        sql: SQLITE_RELAY_UPSERT,
        rows: "sqliteParams" in chunk ? chunk.sqliteParams : chunk.map((relay) => sqliteRelayParams(relay, stamp)),
      },
      { sql: SQLITE_CURSOR_UPSERT, rows: [sqliteCursorParams(cursor, stamp)] },
    ]);
    if (isWritten) return;
  }
  const relays = "sqliteParams" in chunk ? chunk.sqliteParams.map(relayRowFromSqliteParams) : chunk;
  const statements = [];
  for (let start = 0; start < relays.length; start += ROWS_PER_STATEMENT) {
    const values = relays
      .slice(start, start + ROWS_PER_STATEMENT)
      .map(
        (relay) =>
          Prisma.sql`(${relay.sessionId}, ${relay.startUuid}, ${relay.repoId}, ${relay.worktreePath}, ${relay.cwd}, ${relay.startedAt}, ${relay.endedAt}, ${relay.userText}, ${relay.assistantText}, ${relay.toolCalls}, ${relay.model}, ${relay.isInterrupted}, ${relay.apiError}, ${relay.hookBlocks}, ${relay.runId}, ${relay.agentId}, ${now})`,
      );
    statements.push(
      db.$executeRaw`INSERT INTO transcript_relays (${Prisma.raw(RELAY_COLUMNS)}) VALUES ${Prisma.join(values)} ON CONFLICT (session_id, start_uuid) DO UPDATE SET ${Prisma.raw(RELAY_UPDATE)}`,
    );
  }
  statements.push(
    db.$executeRaw`INSERT INTO transcript_cursors (path, session_id, "offset", file_size, mtime_ms, is_complete, updated_at) VALUES (${cursor.path}, ${cursor.sessionId}, ${BigInt(cursor.offset)}, ${cursor.settled ? BigInt(cursor.settled.fileSize) : null}, ${cursor.settled?.mtimeMs ?? null}, ${cursor.settled !== null}, ${now}) ${Prisma.raw(CURSOR_UPSERT_TAIL)}`,
  );
  await db.$transaction(statements);
}

function sqliteCursorParams(cursor: CursorRow, stamp: string): unknown[] {
  return [
    cursor.path,
    cursor.sessionId,
    cursor.offset,
    cursor.settled?.fileSize ?? null,
    cursor.settled?.mtimeMs ?? null,
    cursor.settled ? 1 : 0,
    stamp,
  ];
}
