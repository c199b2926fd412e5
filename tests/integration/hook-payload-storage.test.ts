import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HookEventWriter } from "@/lib/hook-ingest/hook-event-writer.ts";
import type { NewHookEvent } from "@/lib/hook-ingest/insert-hook-events.ts";
import { getHookEvent, listHookEvents } from "@/lib/hook-ingest/list-hook-events.ts";
import { sweepRetention } from "@/lib/retention/sweep-retention.ts";
import { updateSettings } from "@/lib/settings/settings-store.ts";
import { readRows } from "@/tests/support/read-rows.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let writer: HookEventWriter;
let ctx: ReturnType<typeof createTestContext>;

/** Every payload Claude Code sent in the captures (2.1.197 and the pinned 2.1.332), as the hook ingest stores it. */
const CAPTURED = ["2.1.197", "2.1.332"].flatMap((version) => {
  const folder = new URL(`../fixtures/claude-code-${version}/hooks/`, import.meta.url);
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json") && !name.startsWith("_"))
    .flatMap(
      (name) =>
        (JSON.parse(readFileSync(new URL(name, folder), "utf8")) as { examples: Array<{ stdin: unknown }> }).examples,
    )
    .map((example) => JSON.stringify(example.stdin));
});

const event = (eventId: string, payload: string, sessionId = "payload-session"): NewHookEvent => {
  const parsed = JSON.parse(payload) as { hook_event_name?: string; tool_name?: string };
  return {
    eventId,
    eventName: parsed.hook_event_name ?? "PreToolUse",
    sessionId,
    toolName: parsed.tool_name ?? null,
    toolUseId: null,
    cwd: "/work/example-repo",
    repoId: null,
    worktreePath: null,
    runId: null,
    source: "http",
    instanceId: null,
    summary: `${parsed.tool_name ?? parsed.hook_event_name ?? "event"}: ${eventId}`,
    isBlock: false,
    blockReason: null,
    payload,
    payloadBytes: Buffer.byteLength(payload),
    isTruncated: false,
  };
};

/** The payload the API returns for one event, serialised again: the stored JSON text if nothing was lost. */
async function payloadThroughApi(id: number): Promise<string> {
  const view = await getHookEvent(testDb.db, { id });
  return JSON.stringify(view!.payload);
}

/** Random JSON payloads: strings with quotes, escapes, control characters, emoji, lone surrogates; nesting. */
function randomPayload(seed: number): string {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const chars = ["a", "é", "😀", '"', "\\", "\n", "\u0000", "\ud800", "日", " ", "{", "x"];
  const text = () =>
    Array.from({ length: Math.floor(next() * 30) }, () => chars[Math.floor(next() * chars.length)]).join("");
  const value = (depth: number): unknown =>
    depth > 2 || next() < 0.4
      ? next() < 0.7
        ? text()
        : Math.floor(next() * 1_000)
      : Object.fromEntries(Array.from({ length: 1 + Math.floor(next() * 4) }, () => [text(), value(depth + 1)]));
  return JSON.stringify({ session_id: `random-${seed}`, hook_event_name: "PostToolUse", tool_response: value(0) });
}

beforeAll(async () => {
  testDb = await createTestDb();
  ctx = createTestContext({ db: testDb.db });
  writer = ctx.hookIngest.writer;
});

afterAll(async () => {
  await testDb?.close();
});

describe("stored hook payloads", () => {
  it("are stored compressed and come back whole through the event, the session, the list and the search", async () => {
    const rows = await Promise.all(CAPTURED.map((payload, index) => writer.write(event(`captured-${index}`, payload))));
    const stored = await readRows(
      testDb.dir,
      "SELECT payload, payload_z FROM hook_events WHERE event_id LIKE 'captured-%' ORDER BY id",
    );
    expect(stored.every((row) => row.payload === "" && row.payload_z !== null)).toBe(true);
    const storedBytes = stored.reduce((sum, row) => sum + (row.payload_z as Uint8Array).length, 0);
    const rawBytes = CAPTURED.reduce((sum, payload) => sum + Buffer.byteLength(payload), 0);
    expect(storedBytes).toBeLessThan(rawBytes / 2);

    for (const [index, row] of rows.entries()) expect(await payloadThroughApi(row!.id)).toBe(CAPTURED[index]);

    const session = await listHookEvents(ctx, { sessionId: "payload-session", limit: 500 });
    expect(session.events.map((view) => view.id).sort((a, b) => a - b)).toEqual(rows.map((row) => row!.id));
    const found = await listHookEvents(ctx, { q: "captured-1" });
    expect(found.events.map((view) => view.summary.replace(/^.*: /, ""))).toContain("captured-1");
    for (const view of found.events) {
      const index = Number(/captured-(\d+)$/.exec(view.summary)![1]);
      expect(await payloadThroughApi(view.id)).toBe(CAPTURED[index]);
    }
  });

  it("come back as the same JSON for 200 random payloads, also when stored through Prisma's connection", async () => {
    const payloads = Array.from({ length: 200 }, (_, seed) => randomPayload(seed + 1));
    const direct = await Promise.all(
      payloads.slice(0, 150).map((payload, index) => writer.write(event(`random-${index}`, payload))),
    );
    // Prisma's own connection holds the write lock: the writer stores through Prisma (insertIntoSqlite).
    const throughPrisma = await testDb.db.$transaction(async (tx) => {
      await tx.setting.upsert({ where: { key: "lock" }, create: { key: "lock", value: "1" }, update: {} });
      return Promise.all(
        payloads.slice(150).map((payload, index) => writer.write(event(`random-${150 + index}`, payload))),
      );
    });
    const rows = [...direct, ...throughPrisma];
    for (const [index, row] of rows.entries()) {
      expect(await payloadThroughApi(row!.id), `payload ${index}`).toBe(
        JSON.stringify(JSON.parse(payloads[index]!) as unknown),
      );
    }
  });

  it("written before compression (text in payload, payload_z NULL) still read back whole", async () => {
    const payload = CAPTURED[0]!;
    const old = await testDb.db.hookEvent.create({ data: { ...event("old-format", payload, "old-session") } });
    expect(old.payloadZ).toBeNull();
    const [raw] = await readRows(testDb.dir, "SELECT payload, payload_z FROM hook_events WHERE event_id = ?", [
      "old-format",
    ]);
    expect(raw).toEqual({ payload, payload_z: null });
    expect(await payloadThroughApi(old.id)).toBe(payload);
    const fresh = await writer.write(event("new-format", payload, "old-session"));
    const session = await listHookEvents(ctx, { sessionId: "old-session" });
    expect(session.events.map((view) => view.id)).toEqual([fresh!.id, old.id]);
    expect(await payloadThroughApi(fresh!.id)).toBe(payload);
  });

  it("go with their events under retention, compressed or not, and the events kept still read whole", async () => {
    const base = CAPTURED[3]!;
    const doomed = await Promise.all(
      Array.from({ length: 5 }, (_, index) => writer.write(event(`doomed-${index}`, base, "retained-session"))),
    );
    const oldFormat = await testDb.db.hookEvent.create({ data: event("doomed-old-format", base, "retained-session") });
    const sweptAt = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000);
    const kept = await testDb.db.hookEvent.create({
      data: { ...event("kept-old-format", base, "retained-session"), receivedAt: sweptAt },
    });
    await updateSettings(ctx, { hookRetentionDays: 30 });
    try {
      const result = await sweepRetention(testDb.db, { repoId: null, dryRun: false, now: sweptAt });
      expect(result.hookEvents).toBeGreaterThanOrEqual(doomed.length + 1);
    } finally {
      await updateSettings(ctx, { hookRetentionDays: 0 });
    }
    const left = await readRows(testDb.dir, "SELECT event_id FROM hook_events WHERE session_id = ?", [
      "retained-session",
    ]);
    expect(left).toEqual([{ event_id: "kept-old-format" }]);
    expect(await getHookEvent(testDb.db, { id: oldFormat.id })).toBeNull();
    expect(await payloadThroughApi(kept.id)).toBe(base);
  });
});
