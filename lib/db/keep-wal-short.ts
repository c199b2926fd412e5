import { statSync } from "node:fs";
import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { sqliteFileOf, type Db } from "./client.ts";

/** What keepWalShort needs of a checkpoint worker (wal-checkpointer.ts). */
interface Checkpointer {
  /** One round whose restarting commit also cuts the log file back to `sizeLimitBytes`. */
  checkpointCuttingBack(): Promise<unknown>;
  sizeLimitBytes: number;
}

/**
 * The running checkpoint worker of each database file. Process state: the server starts the
 * worker, and bulk writers in Next's bundled route handlers ask it.
 */
const runningState = defineProcessState("walCheckpointers", () => new Map<string, Checkpointer>());

export function registerRunningCheckpointer(filePath: string, checkpointer: Checkpointer): void {
  runningState.get().set(filePath, checkpointer);
}

/** Forgets the file's worker (stopped or failed). */
export function forgetRunningCheckpointer(filePath: string): void {
  runningState.get().delete(filePath);
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
  const checkpointer = filePath ? runningState.get().get(filePath) : undefined;
  if (!checkpointer) return;
  const size = statSync(`${filePath}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  if (size <= checkpointer.sizeLimitBytes) return;
  // A failed round is the worker's to report (onFailure); the writer goes on either way.
  await checkpointer.checkpointCuttingBack().catch(() => undefined);
}
