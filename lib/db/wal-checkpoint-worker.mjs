// Worker thread of lib/db/wal-checkpointer.ts: checkpoints one SQLite database's write-ahead log on
// its own connection, so the fsyncs and page copies of a checkpoint never run on the server's
// event loop. Plain JavaScript (no tsx in the worker): it only needs better-sqlite3.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

/** @type {{ filePath: string, intervalMs: number, restartFrames: number, sizeLimitBytes: number }} */
const { filePath, intervalMs, restartFrames, sizeLimitBytes } = workerData;
const db = new Database(filePath, { fileMustExist: true, timeout: 0 });
// NORMAL: a checkpoint syncs the log before copying its pages and the database file after them.
db.pragma("synchronous = NORMAL");
db.pragma("wal_autocheckpoint = 0");

/**
 * PASSIVE copies what it can without waiting for any reader or writer, and no one waits for it. A
 * writer restarts the log from its beginning only when it finds every frame copied, which under a
 * steady stream of commits never happens (a writer committing every 5 ms: 95 MB of log in 19 s).
 * So once the log is long, a RESTART follows: it holds the write lock while it copies the few
 * frames committed since the PASSIVE one and syncs, and it never waits (busy timeout 0: a writer
 * or a reader in the way makes it a PASSIVE one, and the next round tries again). Whenever every
 * frame is copied, this connection makes the commit that restarts the log, so the sync of the new
 * log header that goes with it happens here, not in the server's next commit.
 */
function checkpoint() {
  let result = run("PASSIVE");
  if (!isAllCopied(result) && result.logFrames >= restartFrames) result = run("RESTART");
  // More than one frame: not only this connection's own last restarting commit (an idle database
  // is left alone).
  if (isAllCopied(result) && result.logFrames > 1) restartLog();
  return result;
}

/**
 * A checkpoint whose restarting commit (restartLog) also cuts the log file back to
 * `sizeLimitBytes` (`journal_size_limit` for that commit only). Asked for by a bulk writer between
 * its batches (lib/db/keep-wal-short.ts), never in the regular rounds: the truncation holds the
 * write lock for as long as the file system takes to free the blocks (over 100 ms seen under the
 * load bench), and the server's writers wait for it on their event loop.
 */
function checkpointCuttingBack() {
  db.pragma(`journal_size_limit = ${sizeLimitBytes}`);
  try {
    return checkpoint();
  } finally {
    db.pragma("journal_size_limit = -1");
  }
}

function isAllCopied(result) {
  return !result.isBusy && result.checkpointedFrames === result.logFrames;
}

/**
 * The smallest commit: rewrites `user_version` (unused by Arbor and Prisma) with its own value, which
 * writes the database header page. Skipped when another connection holds the write lock.
 */
function restartLog() {
  try {
    db.exec("BEGIN IMMEDIATE");
  } catch (error) {
    if (isBusy(error)) return;
    throw error;
  }
  try {
    db.pragma(`user_version = ${Number(db.pragma("user_version", { simple: true }))}`);
    db.exec("COMMIT");
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

function isBusy(error) {
  return error?.code === "SQLITE_BUSY" || error?.code === "SQLITE_LOCKED";
}

function run(mode) {
  try {
    const [row] = db.pragma(`wal_checkpoint(${mode})`);
    return { isBusy: row.busy === 1, logFrames: row.log, checkpointedFrames: row.checkpointed };
  } catch (error) {
    if (isBusy(error)) return { isBusy: true, logFrames: 0, checkpointedFrames: 0 };
    throw error;
  }
}

const timer = setInterval(() => {
  try {
    checkpoint();
  } catch (error) {
    parentPort.postMessage({ type: "failed", message: error instanceof Error ? error.message : String(error) });
    stop();
  }
}, intervalMs);

function stop() {
  clearInterval(timer);
  db.close();
  parentPort.close();
}

parentPort.on("message", (message) => {
  if (message.type === "stop") stop();
  else if (message.type === "checkpoint") {
    try {
      parentPort.postMessage({
        type: "checkpointed",
        id: message.id,
        result: message.cutBack ? checkpointCuttingBack() : checkpoint(),
      });
    } catch (error) {
      parentPort.postMessage({
        type: "checkpointed",
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
});
parentPort.postMessage({ type: "ready" });
