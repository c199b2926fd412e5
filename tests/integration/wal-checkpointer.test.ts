import { statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewHookEvent } from "@/lib/hook-ingest/insert-hook-events.ts";
import { keepWalShort } from "@/lib/db/keep-wal-short.ts";
import { sqliteFileOf } from "@/lib/db/client.ts";
import { checkpointOffTheEventLoop, startWalCheckpointer, type WalCheckpointer } from "@/lib/db/wal-checkpointer.ts";
import { isPostgresRun } from "@/tests/support/test-database.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

// WAL checkpoints run in a worker thread (lib/db/wal-checkpointer.ts), never in a commit on the event loop.

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let ctx: ReturnType<typeof createTestContext>;

beforeAll(async () => {
  testDb = await createTestDb();
  ctx = createTestContext({ db: testDb.db });
});

afterAll(async () => {
  await testDb?.close();
});

const newEvent = (eventId: string): NewHookEvent => ({
  eventId,
  eventName: "PostToolUse",
  sessionId: "session-checkpoints",
  toolName: "Bash",
  toolUseId: null,
  cwd: "/tmp/somewhere",
  repoId: null,
  worktreePath: null,
  runId: null,
  source: "http",
  instanceId: null,
  summary: `Bash: ls ${eventId}`,
  isBlock: false,
  blockReason: null,
  payload: JSON.stringify({ hook_event_name: "PostToolUse", tool_response: { stdout: eventId.repeat(50) } }),
  payloadBytes: 100,
  isTruncated: false,
});

async function autoCheckpointPages(): Promise<number> {
  const [row] =
    await testDb.db.$queryRawUnsafe<Array<{ wal_autocheckpoint: number | bigint }>>("PRAGMA wal_autocheckpoint");
  return Number(row!.wal_autocheckpoint);
}

/** Stores events through both connections: the hook writer's side connection and Prisma's. */
async function writeSome(prefix: string, count: number): Promise<void> {
  const { writer } = ctx.hookIngest;
  await Promise.all(Array.from({ length: count }, (_, index) => writer.write(newEvent(`${prefix}-${index}`))));
  await testDb.db.setting.upsert({
    where: { key: "wal-checkpointer-test" },
    create: { key: "wal-checkpointer-test", value: prefix },
    update: { value: prefix },
  });
}

describe.skipIf(isPostgresRun)("WAL checkpoints off the event loop (SQLite)", () => {
  it("stops this process's connections from checkpointing while the worker copies the log into the database", async () => {
    // No regular round during the test (a day apart): only checkpointNow runs, so the figures are exact.
    const failures: string[] = [];
    const checkpointer = (await checkpointOffTheEventLoop(testDb.db, {
      intervalMs: 86_400_000,
      restartFrames: 1_000_000,
      onFailure: (message) => failures.push(message),
    }))!;
    try {
      expect(await autoCheckpointPages()).toBe(0);
      await writeSome("copy", 40);
      const result = await checkpointer.checkpointNow();
      expect(result.isBusy).toBe(false);
      expect(result.logFrames).toBeGreaterThan(0);
      expect(result.checkpointedFrames).toBe(result.logFrames);
    } finally {
      await checkpointer.close();
    }
    // Closed: SQLite's own checkpoints are back, and nothing was reported as a failure.
    expect(await autoCheckpointPages()).toBe(1000);
    expect(failures).toEqual([]);
  });

  // What the RESTART round adds under a steady stream of commits (one landing between the worker's
  // copy and the next commit) needs concurrency to show: the load bench watches it. Here: once the
  // log is long, the worker itself makes the commit that restarts it (and syncs its new header).
  it("restarts a long log itself: the next round finds only its own one-page commit", async () => {
    // A database of its own: the events the other tests store have the search index catch up a
    // moment later (a commit of its own, which could land between the two rounds here).
    const quiet = await createTestDb();
    const checkpointer = (await checkpointOffTheEventLoop(quiet.db, {
      intervalMs: 86_400_000,
      restartFrames: 1,
      onFailure: () => undefined,
    }))!;
    try {
      for (let index = 0; index < 40; index += 1)
        await quiet.db.setting.create({ data: { key: `before-restart-${index}`, value: "x".repeat(2_000) } });
      const long = await checkpointer.checkpointNow();
      expect(long.logFrames).toBeGreaterThan(1);
      expect(long.checkpointedFrames).toBe(long.logFrames);
      // Nothing was committed here since: the one frame in the log is the worker's.
      const restarted = await checkpointer.checkpointNow();
      expect(restarted).toEqual({ isBusy: false, logFrames: 1, checkpointedFrames: 1 });
      // The database is unchanged by that commit.
      expect(await quiet.db.setting.count({ where: { key: { startsWith: "before-restart-" } } })).toBe(40);
    } finally {
      await checkpointer.close();
      await quiet.close();
    }
  });

  // A bulk writer (history import, search index catching up) that never pauses: the worker never
  // finds the whole log copied, so the log file would grow by everything written, and stay that size.
  it("keeps the log file near its size limit under a writer that never pauses, when it waits in keepWalShort between batches", async () => {
    const limit = 256 * 1024;
    const batchBytes = 40_000;
    const largestLogWhileWriting = async (isKept: boolean) => {
      const own = await createTestDb();
      const logFile = `${sqliteFileOf(own.db)!}-wal`;
      const checkpointer = (await checkpointOffTheEventLoop(own.db, {
        intervalMs: 86_400_000,
        restartFrames: 1_000_000,
        walSizeLimitBytes: limit,
        onFailure: () => undefined,
      }))!;
      let largest = 0;
      try {
        for (let batch = 0; batch < 60; batch += 1) {
          await own.db.setting.create({ data: { key: `bulk-${batch}`, value: "y".repeat(batchBytes) } });
          if (isKept) await keepWalShort(own.db);
          largest = Math.max(largest, statSync(logFile).size);
        }
        // Nothing written was lost on the way.
        expect(await own.db.setting.count({ where: { key: { startsWith: "bulk-" } } })).toBe(60);
      } finally {
        await checkpointer.close();
        await own.close();
      }
      return largest;
    };
    // Without waiting, the file takes all 60 batches (2.4 MB); with it, one batch past the limit at most.
    expect(await largestLogWhileWriting(false)).toBeGreaterThan(60 * batchBytes);
    expect(await largestLogWhileWriting(true)).toBeLessThan(limit + 2 * batchBytes);
  });

  it("refuses to start on a database file that does not exist, saying which file and what to check", async () => {
    const missing = path.join(testDb.dir, "missing.db");
    await expect(
      startWalCheckpointer({
        filePath: missing,
        intervalMs: 1_000,
        restartFrames: 1_000,
        sizeLimitBytes: 1_000_000,
        onFailure: () => undefined,
      }),
    ).rejects.toThrow(
      /Could not start the WAL checkpoint worker on .*missing\.db: .*Check that the database file exists/,
    );
  });

  it("refuses a checkpoint once closed", async () => {
    const checkpointer: WalCheckpointer = (await checkpointOffTheEventLoop(testDb.db, { onFailure: () => undefined }))!;
    await checkpointer.close();
    await expect(checkpointer.checkpointNow()).rejects.toThrow(/closed/);
  });
});

describe.runIf(isPostgresRun)("WAL checkpoints (PostgreSQL)", () => {
  it("has nothing to move: PostgreSQL checkpoints in its own server", async () => {
    expect(await checkpointOffTheEventLoop(testDb.db, { onFailure: () => undefined })).toBeNull();
  });
});
