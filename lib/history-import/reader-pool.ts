import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PlannedFile } from "./read-file-chunks.ts";
import type { ReaderMessage, ReaderThreadInput } from "./reader-protocol.ts";

/**
 * Chunks one thread may have posted that the job has not taken yet (the rows of 4 MB of input each
 * at most; the job holds one more while it writes it). Two keep the event loop fed; 8 held ~15 MB
 * more at the same speed.
 */
export const MAX_AHEAD = 2;
/**
 * Reader threads per import. One: 1 GB (bench/import-bench.ts, quiet two-core machine) imports at
 * 0.61-0.62 of a bare read's speed with one and 0.66-0.70 with two, but a second thread's heap and
 * the chunks it queues add 30-50 MB of peak RSS, which took the server past its 100 MB budget.
 */
const READER_THREADS = 1;
/** A thread's old space: a line may be up to 64 MB; a runaway reader fails alone, not the server. */
const THREAD_HEAP_MB = 512;

/**
 * Where reader threads start when the server names no other file (server/main.ts names the build's
 * bundle, or the project's copy wherever the server was started from): the project root is the cwd.
 */
export function defaultReaderEntry(): string {
  return path.join(process.cwd(), "lib", "history-import", "reader-thread-entry.mjs");
}

export interface ReaderPool {
  /** The next message of any thread, or null once every thread finished. Rejects when a thread failed. */
  next(): Promise<{ thread: number; message: ReaderMessage } | null>;
  /** The job took a chunk this thread posted (to write it): the thread may read one more meanwhile. */
  taken(thread: number): void;
  /** Ends every thread (what they posted and was not written is dropped: its cursor was not stored either). */
  stop(): Promise<void>;
}

/**
 * Starts the reader threads of one import (`READER_THREADS`, never more than cores or files): they
 * claim the planned files biggest first and post chunks (see reader-thread.ts). A thread that throws
 * or exits before it said `done` fails the pool with the reason.
 */
export function startReaderPool(input: {
  /** The file threads start from (the runtime context's, see history-import-job.ts). */
  entry: string;
  plan: PlannedFile[];
  target: { repoId: string; worktreePath: string };
  chunkBytes: number;
  /** Rows as SQLite parameters (see relay-row-params.ts). */
  sqliteParams?: boolean;
  failAfterChunks: number | null;
}): ReaderPool {
  const claimOrder = input.plan.map((_, index) => index);
  claimOrder.sort((a, b) => remaining(input.plan[b]!) - remaining(input.plan[a]!));
  const count = Math.max(1, Math.min(READER_THREADS, availableParallelism(), input.plan.length));
  const taken = new Int32Array(new SharedArrayBuffer(8 * count));
  const threadInput: Omit<ReaderThreadInput, "thread"> = {
    plan: input.plan,
    target: input.target,
    chunkBytes: input.chunkBytes,
    sqliteParams: input.sqliteParams ?? false,
    maxAhead: MAX_AHEAD,
    taken: taken.buffer,
    nextFile: new SharedArrayBuffer(4),
    claimOrder,
    failAfterChunks: input.failAfterChunks,
  };
  const queue: Array<{ thread: number; message: ReaderMessage }> = [];
  let failure: Error | null = null;
  let running = count;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const workers = Array.from({ length: count }, (_, thread) => {
    let isDone = false;
    const worker = new Worker(input.entry, {
      workerData: { historyReader: { ...threadInput, thread } satisfies ReaderThreadInput },
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    worker.on("message", (message: ReaderMessage) => {
      if (message.type === "done") {
        isDone = true;
        running -= 1;
      } else queue.push({ thread, message });
      notify();
    });
    worker.on("error", (error) => {
      failure ??= error;
      notify();
    });
    worker.on("exit", (code) => {
      if (!isDone) failure ??= new Error(`the reader thread stopped (exit code ${code})`);
      notify();
    });
    return worker;
  });
  return {
    async next() {
      for (;;) {
        if (failure) throw failure;
        const item = queue.shift();
        if (item) return item;
        if (running === 0) return null;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    taken(thread) {
      const count = Atomics.add(taken, thread * 2, 1) + 1;
      if (count === Atomics.load(taken, thread * 2 + 1)) Atomics.notify(taken, thread * 2);
    },
    async stop() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

const remaining = (planned: PlannedFile) => planned.file.size - planned.startOffset;
