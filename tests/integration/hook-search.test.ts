import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewHookEvent } from "@/lib/hook-ingest/insert-hook-events.ts";
import { listHookEvents } from "@/lib/hook-ingest/list-hook-events.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let ctx: ReturnType<typeof createTestContext>;

const TOOLS = ["Bash", "Read", "Edit", null] as const;

const event = (index: number): NewHookEvent => {
  const tool = TOOLS[index % TOOLS.length]!;
  return {
    eventId: `search-${index}`,
    eventName: index % 5 === 0 ? "Stop" : "PostToolUse",
    sessionId: `Session-${index % 7}`,
    toolName: tool,
    toolUseId: null,
    cwd: null,
    repoId: null,
    worktreePath: index % 2 === 0 ? "/w/even" : null,
    runId: null,
    source: "http",
    instanceId: null,
    summary: tool ? `${tool}: npm test src/Module-${index % 11}/file-${index % 3}.ts "quoted" 100%_done` : "Stop",
    isBlock: false,
    blockReason: null,
    payload: "{}",
    payloadBytes: 2,
    isTruncated: false,
  };
};

/** What the search box means, computed over every event in JavaScript. */
async function expected(q: string, filter: { worktreePath?: string; eventName?: string } = {}) {
  const rows = await testDb.db.hookEvent.findMany({ orderBy: { id: "desc" } });
  const needle = q.toLowerCase();
  return rows
    .filter(
      (row) =>
        [row.summary, row.sessionId, row.toolName ?? ""].some((field) => field.toLowerCase().includes(needle)) &&
        (!filter.worktreePath || row.worktreePath === filter.worktreePath) &&
        (!filter.eventName || row.eventName === filter.eventName),
    )
    .map((row) => row.id);
}

beforeAll(async () => {
  testDb = await createTestDb();
  ctx = createTestContext({ db: testDb.db });
  const { writer } = ctx.hookIngest;
  await Promise.all(Array.from({ length: 400 }, (_, index) => writer.write(event(index))));
});

afterAll(async () => {
  await testDb?.close();
});

describe("searching hook events", () => {
  it("finds every event whose summary, session or tool contains the text, case-insensitively, newest first", async () => {
    for (const q of [
      "module-7/",
      "MODULE-1",
      "session-3",
      "edit",
      "ead",
      '"quoted"',
      "100%_d",
      "npm test src",
      "st s",
    ]) {
      const { events } = await listHookEvents(ctx, { q, limit: 500 });
      expect(
        events.map((row) => row.id),
        q,
      ).toEqual(await expected(q));
    }
  });

  it("applies the other filters, pages with beforeId and hasMore, and forgets deleted events", async () => {
    const filter = { worktreePath: "/w/even", eventName: "PostToolUse" };
    const all = await expected("module-", filter);
    const first = await listHookEvents(ctx, { q: "module-", ...filter, limit: 25 });
    expect(first.hasMore).toBe(true);
    const second = await listHookEvents(ctx, {
      q: "module-",
      ...filter,
      limit: 500,
      beforeId: first.events.at(-1)!.id,
    });
    expect([...first.events, ...second.events].map((row) => row.id)).toEqual(all);
    expect(second.hasMore).toBe(false);

    await testDb.db.hookEvent.deleteMany({ where: { sessionId: "Session-2" } });
    await testDb.db.hookEvent.updateMany({ where: { sessionId: "Session-4" }, data: { summary: "renamed" } });
    for (const q of ["session-2", "module-", "renamed"]) {
      const { events } = await listHookEvents(ctx, { q, limit: 500 });
      expect(
        events.map((row) => row.id),
        q,
      ).toEqual(await expected(q));
    }
  });

  it("finds events stored a moment ago, and not those deleted or renamed before the index caught up", async () => {
    const { writer } = ctx.hookIngest;
    const fresh = await Promise.all(
      [1000, 1001, 1002].map((index) => writer.write({ ...event(index), summary: `Bash: fresh-${index} build` })),
    );
    await testDb.db.hookEvent.delete({ where: { id: fresh[1]!.id } });
    await testDb.db.hookEvent.update({ where: { id: fresh[2]!.id }, data: { summary: "Bash: renamed-fresh" } });
    for (const q of ["fresh-10", "fresh-1002", "renamed-fresh", "build"]) {
      const { events } = await listHookEvents(ctx, { q, limit: 500 });
      expect(
        events.map((row) => row.id),
        q,
      ).toEqual(await expected(q));
    }
    expect((await listHookEvents(ctx, { q: "fresh-10", limit: 500 })).events.map((row) => row.id)).toEqual([
      fresh[0]!.id,
    ]);
  });

  it("searches text too short for the index (one or two characters) by scanning, with the same meaning", async () => {
    for (const q of ["e", "Ed"]) {
      const { events } = await listHookEvents(ctx, { q, limit: 500 });
      expect(
        events.map((row) => row.id),
        q,
      ).toEqual((await expected(q)).slice(0, 500));
    }
  });
});
