import { parentPort, workerData } from "node:worker_threads";
import { describeError } from "./history-files.ts";
import { readFileChunks } from "./read-file-chunks.ts";
import { sqliteRelayParams, sqliteTimestamp } from "./relay-row-params.ts";
import type { ReaderMessage, ReaderThreadInput } from "./reader-protocol.ts";

/**
 * A reader thread of "Import history" (started by reader-pool.ts from the bundle
 * scripts/build-bundles.mjs makes, or through reader-thread-entry.mjs):
 * claims files one at a time and posts each chunk's relay rows and cursor to the job, which writes
 * them. Reading, splitting, JSON.parse and relay extraction, the import's CPU work, happen here, off
 * the server's event loop. At most `maxAhead` chunks are posted and not yet taken by the job.
 */
export function runReaderThread(input: ReaderThreadInput, port: NonNullable<typeof parentPort>): void {
  const claim = new Int32Array(input.nextFile);
  const taken = new Int32Array(input.taken);
  const buffer = Buffer.allocUnsafe(input.chunkBytes);
  let posted = 0;
  const post = (message: ReaderMessage) => {
    port.postMessage(message);
    if (message.type !== "chunk") return;
    posted += 1;
    if (posted === input.failAfterChunks) throw new TestFailure();
    if (posted - Atomics.load(taken, input.thread * 2) < input.maxAhead) return;
    // Sleeps (this thread has nothing else to do) until the job took half of what waits: one wake-up
    // per few chunks, not one per chunk.
    const wakeAt = posted - Math.floor(input.maxAhead / 2);
    Atomics.store(taken, input.thread * 2 + 1, wakeAt);
    for (let seen = Atomics.load(taken, input.thread * 2); seen < wakeAt; seen = Atomics.load(taken, input.thread * 2))
      Atomics.wait(taken, input.thread * 2, seen);
  };
  for (let at = Atomics.add(claim, 0, 1); at < input.claimOrder.length; at = Atomics.add(claim, 0, 1)) {
    const fileIndex = input.claimOrder[at]!;
    try {
      for (const chunk of readFileChunks(input.plan[fileIndex]!, input.target, buffer)) {
        if (input.sqliteParams && chunk.rows.length > 0) {
          const stamp = sqliteTimestamp(new Date());
          chunk.sqliteParams = chunk.rows.map((row) => sqliteRelayParams(row, stamp));
          chunk.rows = [];
        }
        post({ type: "chunk", fileIndex, chunk });
      }
    } catch (error) {
      if (error instanceof TestFailure) throw error;
      post({ type: "file_failed", fileIndex, message: describeError(error) });
    }
  }
  port.postMessage({ type: "done" } satisfies ReaderMessage);
  port.close();
}

/** Tests only: the thread fails as a crash would (ARBOR_TEST_HISTORY_IMPORT_FAIL_AFTER_CHUNKS). */
class TestFailure extends Error {
  constructor() {
    super("the reader failed on purpose (ARBOR_TEST_HISTORY_IMPORT_FAIL_AFTER_CHUNKS)");
  }
}

if (parentPort && (workerData as { historyReader?: ReaderThreadInput } | null)?.historyReader)
  runReaderThread((workerData as { historyReader: ReaderThreadInput }).historyReader, parentPort);
