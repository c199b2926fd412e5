import Database from "better-sqlite3";
import { defineAttachedState } from "@/lib/runtime/attached-state.ts";

/**
 * A second, plain better-sqlite3 connection on an SQLite database, for the one statement where
 * Prisma's cost per query outweighs the work (storing hook events: see
 * lib/hook-ingest/insert-hook-events.ts). Its statements are prepared once and kept. It never
 * waits for a lock (`timeout: 0`): this process's own Prisma connection may hold one across an
 * await, and waiting here would block the very event loop that has to release it; a caller told
 * the database is busy (`null`) goes through Prisma instead. WAL (set by the migrations) lets both
 * connections read while one writes.
 */
export class SqliteSideConnection {
  readonly #db: Database.Database;
  readonly #statements = new Map<string, Database.Statement>();

  constructor(filePath: string, autoCheckpointPages: number) {
    this.#db = new Database(filePath, { timeout: 0, fileMustExist: true });
    this.#db.pragma("synchronous = NORMAL");
    this.setAutoCheckpoint(autoCheckpointPages);
  }

  /** After how many log pages a commit on this connection checkpoints the WAL (0: never; see wal-checkpointer.ts). */
  setAutoCheckpoint(pages: number): void {
    this.#db.pragma(`wal_autocheckpoint = ${Math.max(0, Math.trunc(pages))}`);
  }

  /** Runs a statement that returns rows, or null when another connection holds the write lock. */
  all<Row>(sql: string, params: unknown[]): Row[] | null {
    const statement = this.#prepare(sql);
    try {
      return statement.all(...params) as Row[];
    } catch (error) {
      if (isBusy(error)) return null;
      throw error;
    }
  }

  /**
   * Runs statements (each with its rows of parameters) in one immediate transaction; false when
   * another connection holds the write lock (nothing was written).
   */
  runInTransaction(batches: ReadonlyArray<{ sql: string; rows: unknown[][] }>): boolean {
    const prepared = batches.map((batch) => ({ statement: this.#prepare(batch.sql), rows: batch.rows }));
    try {
      this.#db
        .transaction(() => {
          for (const { statement, rows } of prepared) for (const row of rows) statement.run(...row);
        })
        .immediate();
      return true;
    } catch (error) {
      if (isBusy(error)) return false;
      throw error;
    }
  }

  /**
   * For a bulk writer (history import): commits on this connection checkpoint the WAL at most every
   * `pages` log pages (each checkpoint syncs the database file) until the returned function puts
   * back what it was. Nothing changes when the connection does not checkpoint at all (the
   * checkpoint worker does, off the event loop: wal-checkpointer.ts) or already waits longer.
   */
  raiseAutoCheckpoint(pages: number): () => void {
    const previous = Number(this.#db.pragma("wal_autocheckpoint", { simple: true }));
    if (previous === 0 || previous >= pages) return () => {};
    this.setAutoCheckpoint(pages);
    return () => this.setAutoCheckpoint(previous);
  }

  #prepare(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  close(): void {
    this.#db.close();
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === "string" && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_") || code === "SQLITE_LOCKED")
  );
}

/** SQLite's default: a commit that finds at least this many pages in the log checkpoints it. */
export const DEFAULT_AUTO_CHECKPOINT_PAGES = 1000;

/** A client's side connection, once opened, and the auto-checkpoint it gets (0 while wal-checkpointer.ts's worker runs). */
const sideState = defineAttachedState("db.sideConnection", () => ({
  connection: null as SqliteSideConnection | null,
  autoCheckpointPages: DEFAULT_AUTO_CHECKPOINT_PAGES,
}));

/** The side connection of this SQLite client on `filePath`, opened on first use (one per client). */
export function sideConnectionFor(db: object, filePath: string): SqliteSideConnection {
  const state = sideState.get(db);
  state.connection ??= new SqliteSideConnection(filePath, state.autoCheckpointPages);
  return state.connection;
}

/** Sets the auto-checkpoint of the client's side connection, now if it is open and whenever it opens later. */
export function setSideConnectionAutoCheckpoint(db: object, pages: number): void {
  const state = sideState.get(db);
  state.autoCheckpointPages = pages;
  state.connection?.setAutoCheckpoint(pages);
}

/** Closes the client's side connection, if one is open (the client is closing). */
export function closeSideConnection(db: object): void {
  const state = sideState.peek(db);
  state?.connection?.close();
  if (state) state.connection = null;
}
