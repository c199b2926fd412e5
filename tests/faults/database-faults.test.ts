import { execFile } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from "node:fs";
import { promisify } from "node:util";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDatabase } from "@/tests/support/db-locker.ts";
import type { ErrorBody, MessagesBody, PinsBody, SettingsBody } from "@/tests/support/api-types.ts";
import { callApi, openSession, pinRepo } from "@/tests/support/call-api.ts";
import { removeDataDir, repoRoot, startArbor, type RunningArbor } from "@/tests/support/start-arbor.ts";

const run = promisify(execFile);
let arbor: RunningArbor;
let dbFile: string;

beforeAll(async () => {
  arbor = await startArbor({ env: { ARBOR_DB_BUSY_TIMEOUT_MS: "1500" } });
  dbFile = path.join(arbor.dataDir, "arbor.db");
  expect(
    (await callApi(arbor, "/api/repo-pins", { body: { path: repoRoot, label: "before the lock" } })).status,
  ).toBeLessThan(300);
});

afterAll(async () => {
  await arbor?.stop();
  if (arbor) removeDataDir(arbor.dataDir);
});

function integrity(): string {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.pragma("integrity_check") as Array<{ integrity_check: string }>)[0]!.integrity_check;
  } finally {
    db.close();
  }
}

describe("the database locked by another process", () => {
  it("a write that cannot get the lock fails clearly; reads keep working; nothing is corrupted", async () => {
    const lock = await lockDatabase(dbFile);
    try {
      const refused = await callApi<ErrorBody>(arbor, "/api/settings", {
        method: "PUT",
        body: { recentMessageCount: 7 },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.error.message).toMatch(/database is busy/);
      const read = await callApi<PinsBody>(arbor, "/api/repo-pins");
      expect(read.status).toBe(200);
      expect(read.body.pins.map((p) => p.label)).toContain("before the lock");
    } finally {
      await lock.release();
    }
    expect((await callApi<SettingsBody>(arbor, "/api/settings")).body.settings.recentMessageCount).toBe(20);
    expect((await callApi(arbor, "/api/settings", { method: "PUT", body: { recentMessageCount: 7 } })).status).toBe(
      200,
    );
    expect(integrity()).toBe("ok");
  });

  it("a write waits for a lock that is released meanwhile, and succeeds", async () => {
    const lock = await lockDatabase(dbFile);
    const pending = callApi<SettingsBody>(arbor, "/api/settings", { method: "PUT", body: { recentMessageCount: 9 } });
    await lock.release();
    const result = await pending;
    expect(result.status).toBe(200);
    expect(result.body.settings.recentMessageCount).toBe(9);
    expect(integrity()).toBe("ok");
  });
});

const isRoot = process.getuid?.() === 0;

describe("a data directory whose disk stops accepting writes", () => {
  // A real disk that stops taking writes (a small tmpfs filled to the last byte under the
  // running server): permission bits would not do, root ignores them and open files keep access.
  it.skipIf(!isRoot)(
    "refuses writes with a clear error and stores no partial rows; works again once writable",
    async () => {
      const mountPoint = mkdtempSync(path.join(os.tmpdir(), "arbor-disk-"));
      await run("mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", mountPoint]);
      const server = await startArbor({ dataDir: path.join(mountPoint, "data") });
      try {
        const repoId = await pinRepo(server, repoRoot);
        const sessionId = await openSession(server, { repoId, worktreePath: repoRoot });
        // An empty write-ahead log: a log restarted by the checkpoint worker is written over in
        // place, so a small commit could still fit in blocks it already has.
        const side = new Database(path.join(mountPoint, "data", "arbor.db"));
        try {
          expect(side.pragma("wal_checkpoint(TRUNCATE)")).toEqual([{ busy: 0, log: 0, checkpointed: 0 }]);
        } finally {
          side.close();
        }
        const filler = path.join(mountPoint, "filler");
        fillDisk(filler);
        const refused = await callApi<ErrorBody>(server, "/api/chat/send", {
          body: { sessionId, userMessage: "written while the disk is read-only" },
        });
        expect(refused.status).toBe(503);
        expect(refused.body.error.message).toMatch(/cannot write to its data directory/);
        expect(
          (await callApi(server, "/api/settings", { method: "PUT", body: { recentMessageCount: 3 } })).status,
        ).toBe(503);
        rmSync(filler);
        const messages = await callApi<MessagesBody>(server, `/api/chat/messages?sessionId=${sessionId}`);
        expect(messages.body.messages).toEqual([]);
        expect((await callApi<SettingsBody>(server, "/api/settings")).body.settings.recentMessageCount).toBe(20);
        expect(
          (await callApi(server, "/api/settings", { method: "PUT", body: { recentMessageCount: 3 } })).status,
        ).toBe(200);
      } finally {
        await server.stop();
        await run("umount", [mountPoint]);
        removeDataDir(mountPoint);
      }
    },
  );
});

/** Writes zeros until the file system is full (ENOSPC). */
function fillDisk(file: string): void {
  const fd = openSync(file, "w");
  const block = Buffer.alloc(1024 * 1024);
  try {
    for (;;) {
      const { bavail, bsize } = statfsSync(file);
      if (bavail === 0) return;
      writeSync(fd, block, 0, Math.min(block.length, bavail * bsize));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}
