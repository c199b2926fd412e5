// Worker thread of lib/db/wal-checkpointer.ts: checkpoints one SQLite database's write-ahead log on
// its own connection, so the fsyncs and page copies of a checkpoint never run on the server's
// event loop. Plain JavaScript (no tsx in the worker): it only needs better-sqlite3.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

/** @type {{ filePath: string, intervalMs: number, restartFrames: number }} */
const { filePath, intervalMs, restartFrames } = workerData;
const db = new Database(filePath, { fileMustExist: true, timeout: 0 });
// NORMAL: a checkpoint syncs the log before copying its pages and the database file after them.
db.pragma("synchronous = NORMAL");
db.pragma("wal_autocheckpoint = 0");

/**
 * PASSIVE copies what it can without waiting for any reader or writer, and no one waits for it. A
 * writer restarts the log from its beginning only when it finds every frame copied, which under a
 * steady stream of commits never happens (the log grew to 100 MB in a minute of the load bench).
 * So once the log is long, a RESTART follows: it holds the write lock while it copies the few
 * frames committed since the PASSIVE one and syncs, and it never waits (busy timeout 0: a writer
 * or a reader in the way makes it a PASSIVE one, and the next round tries again).
 */
function checkpoint() {
  let result = run("PASSIVE");
  if (result.logFrames >= restartFrames) result = run("RESTART");
  return result;
}

function run(mode) {
  try {
    const [row] = db.pragma(`wal_checkpoint(${mode})`);
    return { isBusy: row.busy === 1, logFrames: row.log, checkpointedFrames: row.checkpointed };
  } catch (error) {
    if (error?.code === "SQLITE_BUSY" || error?.code === "SQLITE_LOCKED")
      return { isBusy: true, logFrames: 0, checkpointedFrames: 0 };
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
      parentPort.postMessage({ type: "checkpointed", id: message.id, result: checkpoint() });
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
