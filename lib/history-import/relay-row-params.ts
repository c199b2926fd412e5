import type { RelayRow } from "./relay-row.ts";

/** A DateTime as Prisma's SQLite adapter stores it (ISO 8601 with an explicit offset). */
export const sqliteTimestamp = (date: Date) => date.toISOString().replace("Z", "+00:00");

/** Where `run_id` sits in a row's SQLite parameters (set by the job for relays Arbor's prompt started). */
export const SQLITE_RUN_ID_PARAM = 14;

/**
 * A relay row as the parameters of the SQLite upsert (columns in `RELAY_COLUMNS` order; `stamp` is
 * `updated_at`). Built in the reader thread: an array of strings crosses to the event loop with far
 * less work (and garbage) than an object per row.
 */
export function sqliteRelayParams(relay: RelayRow, stamp: string): unknown[] {
  return [
    relay.sessionId,
    relay.startUuid,
    relay.repoId,
    relay.worktreePath,
    relay.cwd,
    relay.startedAt && sqliteTimestamp(relay.startedAt),
    relay.endedAt && sqliteTimestamp(relay.endedAt),
    relay.userText,
    relay.assistantText,
    relay.toolCalls,
    relay.model,
    relay.isInterrupted ? 1 : 0,
    relay.apiError,
    relay.hookBlocks,
    relay.runId,
    relay.agentId,
    stamp,
  ];
}

/** The row back from its SQLite parameters (when the write goes through Prisma after all). */
export function relayRowFromSqliteParams(params: readonly unknown[]): RelayRow {
  const text = (index: number) => params[index] as string;
  const nullable = (index: number) => (params[index] ?? null) as string | null;
  const date = (index: number) => (params[index] ? new Date(params[index] as string) : null);
  return {
    sessionId: text(0),
    startUuid: text(1),
    repoId: nullable(2),
    worktreePath: nullable(3),
    cwd: nullable(4),
    startedAt: date(5),
    endedAt: date(6),
    userText: text(7),
    assistantText: text(8),
    toolCalls: text(9),
    model: nullable(10),
    isInterrupted: params[11] === 1,
    apiError: nullable(12),
    hookBlocks: text(13),
    runId: nullable(14),
    agentId: nullable(15),
  };
}
