import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HookEventWriter } from "@/lib/hook-capture/hook-event-writer.ts";
import type { NewHookEvent } from "@/lib/hook-capture/insert-hook-events.ts";
import { readRow } from "@/tests/support/read-rows.ts";
import { isPostgresRun } from "@/tests/support/test-database.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let writer: HookEventWriter;

const newEvent = (eventId: string, overrides: Partial<NewHookEvent> = {}): NewHookEvent => ({
  eventId,
  eventName: "PreToolUse",
  sessionId: "session-writer",
  toolName: "Bash",
  toolUseId: "toolu_1",
  cwd: "/tmp/somewhere",
  repoId: null,
  worktreePath: null,
  runId: null,
  source: "http",
  instanceId: null,
  summary: "Bash: npm test",
  isBlock: false,
  blockReason: null,
  payload: JSON.stringify({ hook_event_name: "PreToolUse", session_id: "session-writer" }),
  payloadBytes: 60,
  isTruncated: false,
  ...overrides,
});

/** The stored columns as the database holds them (SQLite: text dates, 0/1 booleans), without the id. */
async function readStoredColumns(eventId: string): Promise<Record<string, unknown>> {
  const row = await readRow(testDb.dir, "SELECT * FROM hook_events WHERE event_id = ?", [eventId]);
  const { id: _id, ...columns } = row!;
  return columns;
}

beforeAll(async () => {
  testDb = await createTestDb();
  writer = new HookEventWriter(testDb.db);
});

afterAll(async () => {
  await testDb?.close();
});

describe("hook event writer", () => {
  it("returns the row exactly as Prisma reads it back, and stores the same column values Prisma Client stores", async () => {
    const blocked = {
      isBlock: true,
      blockReason: "no",
      isTruncated: true,
      repoId: "repo-1",
      worktreePath: "/w",
      runId: "run-1",
      source: "spool",
    };
    const row = await writer.write(newEvent("shape-raw", blocked));
    expect(row).not.toBeNull();
    expect(row).toStrictEqual(await testDb.db.hookEvent.findUnique({ where: { eventId: "shape-raw" } }));
    expect(Object.keys(row!)).toEqual(Object.keys(await testDb.db.hookEvent.findFirstOrThrow()));

    await testDb.db.hookEvent.create({ data: { ...newEvent("shape-prisma", blocked), receivedAt: row!.receivedAt } });
    expect({ ...(await readStoredColumns("shape-raw")), event_id: "x" }).toStrictEqual({
      ...(await readStoredColumns("shape-prisma")),
      event_id: "x",
    });
    expect(await readStoredColumns("shape-raw")).toMatchObject(
      isPostgresRun
        ? { is_block: true, is_truncated: true, received_at: row!.receivedAt }
        : {
            is_block: 1,
            is_truncated: 1,
            received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/) as unknown,
          },
    );
  });

  it("gives concurrent writers their own rows from one batch, and null to a duplicate in the same batch or a later one", async () => {
    const [first, second, duplicate, third] = await Promise.all([
      writer.write(newEvent("batch-1")),
      writer.write(newEvent("batch-2")),
      writer.write(newEvent("batch-1", { summary: "the copy" })),
      writer.write(newEvent("batch-3")),
    ]);
    expect([first?.eventId, second?.eventId, duplicate, third?.eventId]).toEqual([
      "batch-1",
      "batch-2",
      null,
      "batch-3",
    ]);
    expect(first!.summary).toBe("Bash: npm test");
    expect(new Set([first!.id, second!.id, third!.id]).size).toBe(3);
    expect(second!.receivedAt).toEqual(first!.receivedAt);

    expect(await writer.write(newEvent("batch-2"))).toBeNull();
    const stored = await testDb.db.hookEvent.findMany({
      where: { eventId: { startsWith: "batch-" } },
      orderBy: { id: "asc" },
    });
    expect(stored.map((row) => [row.eventId, row.summary])).toEqual([
      ["batch-1", "Bash: npm test"],
      ["batch-2", "Bash: npm test"],
      ["batch-3", "Bash: npm test"],
    ]);
  });

  it("splits a very large batch into several statements and stores every event once", async () => {
    const ids = Array.from({ length: 1_203 }, (_, index) => `large-${index}`);
    const rows = await Promise.all(ids.map((id) => writer.write(newEvent(id))));
    expect(rows.map((row) => row?.eventId)).toEqual(ids);
    expect(new Set(rows.map((row) => row!.id)).size).toBe(ids.length);
    expect(await testDb.db.hookEvent.count({ where: { eventId: { startsWith: "large-" } } })).toBe(ids.length);
  });

  it("rejects every caller of a batch whose statement fails, and stores none of it", async () => {
    const broken = newEvent("failing-2", { eventName: null as unknown as string });
    const results = await Promise.allSettled([
      writer.write(newEvent("failing-1")),
      writer.write(broken),
      writer.write(newEvent("failing-3")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(await testDb.db.hookEvent.count({ where: { eventId: { startsWith: "failing-" } } })).toBe(0);

    expect((await writer.write(newEvent("failing-1")))?.eventId).toBe("failing-1");
  });
});
