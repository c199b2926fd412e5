import { statSync } from "node:fs";
import { sqliteFileOf, type Db } from "./client.ts";
import { defineAttachedState } from "@/lib/runtime/attached-state.ts";

/** What keepWalShort needs of a checkpoint worker (wal-checkpointer.ts). */
interface Checkpointer {
  /** One round whose restarting commit also cuts the log file back to `sizeLimitBytes`. */
  checkpointCuttingBack(): Promise<unknown>;
  sizeLimitBytes: number;
}

/**
 * The client's running checkpoint worker, kept on the client: the server starts the worker, and
 * bulk writers in Next's bundled route handlers ask it.
 */
const runningState = defineAttachedState<{ current: Checkpointer | null }>("db.checkpointer", () => ({
  current: null,
}));

export function registerRunningCheckpointer(db: Db, checkpointer: Checkpointer): void {
  runningState.get(db).current = checkpointer;
}

/** Forgets the client's worker (stopped or failed). */
export function forgetRunningCheckpointer(db: Db): void {
  runningState.get(db).current = null;
}

/**
 * For a bulk writer, between its batches (the history import, the search index catching up): a
 * writer that never pauses keeps the worker from ever finding the whole log copied, so the log,
 * and its file, would grow by everything written (600 MB while the index of a million events
 * caught up). Once the file is past the size limit (WAL_SIZE_LIMIT_BYTES) this waits for one
 * round of the worker, which copies the log and restarts it, cutting the file back, while this
 * writer holds still. A stat otherwise; nothing on PostgreSQL or without the worker (each commit
 * then checkpoints by itself).
 */
export async function keepWalShort(db: Db): Promise<void> {
  const filePath = sqliteFileOf(db);
  const checkpointer = runningState.peek(db)?.current;
  if (!filePath || !checkpointer) return;
  const size = statSync(`${filePath}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  if (size <= checkpointer.sizeLimitBytes) return;
  // A failed round is the worker's to report (onFailure); the writer goes on either way.
  await checkpointer.checkpointCuttingBack().catch(() => undefined);
}
