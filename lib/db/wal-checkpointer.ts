import { Worker } from "node:worker_threads";
import { AppError } from "@/lib/errors/app-error.ts";
import { sqliteFileOf, type Db } from "./client.ts";
import { forgetRunningCheckpointer, registerRunningCheckpointer } from "./keep-wal-short.ts";
import { DEFAULT_AUTO_CHECKPOINT_PAGES, setSideConnectionAutoCheckpoint } from "./sqlite-side-connection.ts";

/** How often the worker checkpoints: each cycle also costs the next commit one small sync of the log's header. */
export const CHECKPOINT_INTERVAL_MS = 1_000;
/**
 * What the worker cuts the log file back to when a bulk writer asks (keep-wal-short.ts): a burst
 * of writes (an import, the search index catching up) grows the file, which SQLite never shrinks
 * otherwise. Only then: the truncation holds the write lock while the file system frees the blocks,
 * and in every regular round it put 105-130 ms stalls (the event loop asleep, its writers waiting)
 * into the 300 s load bench (max 120-431 ms in 4 runs, 62 ms without).
 */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/** Log length (frames of 4 KiB) past which the worker also makes the next writer restart the log. */
export const RESTART_FRAMES = 8_000;

export interface CheckpointResult {
  /** Another connection was checkpointing: nothing was done. */
  isBusy: boolean;
  /** Frames in the log, and how many of them are now in the database file. */
  logFrames: number;
  checkpointedFrames: number;
}

export interface WalCheckpointer {
  /**
   * Checkpoints now, between the regular ones (tests, diagnostics); with `cutBack`, the commit that
   * restarts the log also cuts its file back to the size limit (a bulk writer: keep-wal-short.ts).
   */
  checkpointNow(options?: { cutBack?: boolean }): Promise<CheckpointResult>;
  /** Stops the worker and lets this process's connections checkpoint again. */
  close(): Promise<void>;
}

type WorkerMessage =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "checkpointed"; id: number; result?: CheckpointResult; error?: string };

/**
 * Moves an SQLite client's WAL checkpoints off the event loop (they blocked it 30–270 ms on a busy
 * disk): a worker checkpoints on its own connection every `intervalMs`, and this process's
 * connections stop (`wal_autocheckpoint = 0`). If the worker fails they resume and `onFailure`
 * says why. Null on PostgreSQL. Bulk writers may wait for it between batches, which also truncates
 * the log (keep-wal-short.ts). Why: docs/decisions/0005-wal-checkpoints-in-a-worker.md.
 */
export async function checkpointOffTheEventLoop(
  db: Db,
  options: {
    intervalMs?: number;
    restartFrames?: number;
    /** What the worker cuts the log file back to for a bulk writer (tests pass a small one). */
    walSizeLimitBytes?: number;
    onFailure: (message: string) => void;
  },
): Promise<WalCheckpointer | null> {
  const filePath = sqliteFileOf(db);
  if (!filePath) return null;
  const sizeLimitBytes = options.walSizeLimitBytes ?? WAL_SIZE_LIMIT_BYTES;
  const setAutoCheckpoint = async (pages: number) => {
    setSideConnectionAutoCheckpoint(db, pages);
    await db.$queryRawUnsafe(`PRAGMA wal_autocheckpoint = ${pages}`);
  };
  const checkpointer = await startWalCheckpointer({
    filePath,
    intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
    restartFrames: options.restartFrames ?? RESTART_FRAMES,
    sizeLimitBytes,
    onFailure: (message) => {
      forgetRunningCheckpointer(db);
      options.onFailure(
        `WAL checkpoints moved back onto the event loop (the checkpoint worker stopped: ${message}); restart Arbor to move them off again`,
      );
      void setAutoCheckpoint(DEFAULT_AUTO_CHECKPOINT_PAGES).catch(() => undefined);
    },
  });
  await setAutoCheckpoint(0);
  const running: WalCheckpointer = {
    checkpointNow: (checkpointOptions) => checkpointer.checkpointNow(checkpointOptions),
    async close() {
      forgetRunningCheckpointer(db);
      await checkpointer.close();
      await setAutoCheckpoint(DEFAULT_AUTO_CHECKPOINT_PAGES);
    },
  };
  registerRunningCheckpointer(db, {
    checkpointCuttingBack: () => checkpointer.checkpointNow({ cutBack: true }),
    sizeLimitBytes,
  });
  return running;
}

/**
 * The worker thread alone (lib/db/wal-checkpoint-worker.mjs): resolves once it has opened the
 * database, rejects with a clear error when it cannot. `onFailure` reports a later failure.
 */
export async function startWalCheckpointer(input: {
  filePath: string;
  intervalMs: number;
  restartFrames: number;
  /** What a `cutBack` round cuts the log file back to. */
  sizeLimitBytes: number;
  onFailure: (message: string) => void;
}): Promise<WalCheckpointer> {
  // No tsx in the worker (execArgv: []): it is plain JavaScript and needs only better-sqlite3.
  const worker = new Worker(new URL("./wal-checkpoint-worker.mjs", import.meta.url), {
    workerData: {
      filePath: input.filePath,
      intervalMs: input.intervalMs,
      restartFrames: input.restartFrames,
      sizeLimitBytes: input.sizeLimitBytes,
    },
    execArgv: [],
  });
  worker.unref();
  const requests = new Map<number, { resolve: (result: CheckpointResult) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let isClosing = false;
  let isReady = false;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const fail = (message: string) => {
      for (const request of requests.values()) request.reject(new AppError("internal", message));
      requests.clear();
      if (!isReady) {
        reject(
          new AppError(
            "internal",
            `Could not start the WAL checkpoint worker on ${input.filePath}: ${message}. Check that the database file exists and is readable and writable by this user.`,
          ),
        );
      } else if (!isClosing) input.onFailure(message);
    };
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "ready") {
        isReady = true;
        resolve();
      } else if (message.type === "failed") fail(message.message);
      else {
        const request = requests.get(message.id);
        requests.delete(message.id);
        if (message.result) request?.resolve(message.result);
        else request?.reject(new AppError("internal", `WAL checkpoint failed: ${message.error ?? "unknown error"}`));
      }
    });
    worker.on("error", (error) => fail(error.message));
    worker.on("exit", (code) => {
      if (!isClosing) fail(`the worker exited (code ${code})`);
    });
  });

  return {
    checkpointNow(options) {
      if (isClosing) return Promise.reject(new AppError("internal", "The WAL checkpoint worker is closed."));
      const id = nextId++;
      return new Promise<CheckpointResult>((resolve, reject) => {
        requests.set(id, { resolve, reject });
        worker.postMessage({ type: "checkpoint", id, cutBack: options?.cutBack ?? false });
      });
    },
    async close() {
      if (isClosing) return exited;
      isClosing = true;
      worker.postMessage({ type: "stop" });
      await exited;
    },
  };
}
