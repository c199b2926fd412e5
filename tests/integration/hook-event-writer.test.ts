import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HookEventWriter } from "@/lib/hook-ingest/hook-event-writer.ts";
import type { NewHookEvent } from "@/lib/hook-ingest/insert-hook-events.ts";
import { decodePayload } from "@/lib/hook-events/payload-codec.ts";
import { readRow } from "@/tests/support/read-rows.ts";
import { isPostgresRun } from "@/tests/support/test-database.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let writer: HookEventWriter;
let ctx: ReturnType<typeof createTestContext>;

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

/**
 * The stored columns as the database holds them (SQLite: text dates, 0/1 booleans), without the
 * id, and with the payload as its text whichever way it was stored (the writer compresses it,
 * Prisma Client stores the text as given).
 */
async function readStoredColumns(eventId: string): Promise<Record<string, unknown>> {
  const row = await readRow(testDb.dir, "SELECT * FROM hook_events WHERE event_id = ?", [eventId]);
  const { id: _id, payload, payload_z: payloadZ, ...columns } = row!;
  return {
    ...columns,
    payload: decodePayload({ payload: payload as string, payloadZ: payloadZ as Uint8Array | null }),
  };
}

beforeAll(async () => {
  testDb = await createTestDb();
  ctx = createTestContext({ db: testDb.db });
  writer = ctx.hookIngest.writer;
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

  it("stores awkward text (NUL, quotes, backslashes, emoji, a large payload) as Prisma Client does", async () => {
    const awkward = {
      cwd: '/tmp/a "quoted" \\ path\u0000with nul',
      summary: "emoji 🌳, tab\t, newline\n",
      toolName: null,
      payload: JSON.stringify({ text: "x".repeat(200_000), nested: { quote: '"', backslash: "\\" } }),
      payloadBytes: 200_050,
    };
    const row = await writer.write(newEvent("awkward-raw", awkward));
    expect(row).toStrictEqual(await testDb.db.hookEvent.findUnique({ where: { eventId: "awkward-raw" } }));
    // Stored compressed (200 KB of one letter), and read back whole.
    expect(row!.payload).toBe("");
    expect(row!.payloadZ!.length).toBeLessThan(1_000);
    expect(decodePayload(row!)).toBe(awkward.payload);
    await testDb.db.hookEvent.create({ data: { ...newEvent("awkward-prisma", awkward), receivedAt: row!.receivedAt } });
    expect({ ...(await readStoredColumns("awkward-raw")), event_id: "x" }).toStrictEqual({
      ...(await readStoredColumns("awkward-prisma")),
      event_id: "x",
    });
  });

  it("stores a lone surrogate as U+FFFD and returns the row as it reads back", async () => {
    const row = await writer.write(newEvent("surrogate", { summary: "a \ud800 b \udc00 c 🌳", cwd: "\udbff" }));
    expect(row).toMatchObject({ summary: "a \ufffd b \ufffd c 🌳", cwd: "\ufffd" });
    expect(row).toStrictEqual(await testDb.db.hookEvent.findUnique({ where: { eventId: "surrogate" } }));
  });

  it("stores through Prisma when its own connection holds the write lock (an open transaction), and loses nothing", async () => {
    const rows = await testDb.db.$transaction(async (tx) => {
      await tx.hookEvent.create({ data: newEvent("in-transaction", { sessionId: "session-in-transaction" }) });
      // The plain connection cannot write now; waiting for the lock would block the event loop that must release it.
      return Promise.all([
        writer.write(newEvent("during-transaction-1")),
        writer.write(newEvent("during-transaction-2")),
      ]);
    });
    expect(rows.map((row) => row?.eventId)).toEqual(["during-transaction-1", "during-transaction-2"]);
    const stored = await testDb.db.hookEvent.findMany({
      where: { eventId: { in: ["in-transaction", "during-transaction-1", "during-transaction-2"] } },
    });
    expect(stored).toHaveLength(3);
    expect(rows[0]).toStrictEqual(stored.find((row) => row.eventId === "during-transaction-1"));
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
