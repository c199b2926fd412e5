import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HookEventWriter } from "@/lib/hook-ingest/hook-event-writer.ts";
import type { NewHookEvent } from "@/lib/hook-ingest/insert-hook-events.ts";
import { listHookSessions } from "@/lib/hook-ingest/list-hook-events.ts";
import { linkRunToSession } from "@/lib/hook-ingest/run-link-cache.ts";
import { sweepRetention } from "@/lib/retention/sweep-retention.ts";
import { updateSettings } from "@/lib/settings/settings-store.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let writer: HookEventWriter;
let ctx: ReturnType<typeof createTestContext>;

const event = (eventId: string, sessionId: string, worktreePath: string | null): NewHookEvent => ({
  eventId,
  eventName: "PostToolUse",
  sessionId,
  toolName: "Bash",
  toolUseId: null,
  cwd: worktreePath,
  repoId: null,
  worktreePath,
  runId: null,
  source: "http",
  instanceId: null,
  summary: "Bash: npm test",
  isBlock: false,
  blockReason: null,
  payload: "{}",
  payloadBytes: 2,
  isTruncated: false,
});

/** The session list as the whole event table says it (what the Logs page used to compute each time). */
async function aggregated() {
  const groups = await testDb.db.hookEvent.groupBy({
    by: ["sessionId", "worktreePath"],
    _count: { id: true },
    _min: { receivedAt: true },
    _max: { receivedAt: true, runId: true },
  });
  return groups
    .map((group) => ({
      sessionId: group.sessionId,
      worktreePath: group.worktreePath,
      eventCount: group._count.id,
      firstAt: group._min.receivedAt!.toISOString(),
      lastAt: group._max.receivedAt!.toISOString(),
      runId: group._max.runId ?? null,
      isArborRun: group._max.runId !== null,
    }))
    .sort((a, b) => `${a.sessionId}${a.worktreePath}`.localeCompare(`${b.sessionId}${b.worktreePath}`));
}

const listed = async () =>
  (await listHookSessions(testDb.db, {})).sort((a, b) =>
    `${a.sessionId}${a.worktreePath}`.localeCompare(`${b.sessionId}${b.worktreePath}`),
  );

beforeAll(async () => {
  testDb = await createTestDb();
  ctx = createTestContext({ db: testDb.db });
  writer = ctx.hookIngest.writer;
});

afterAll(async () => {
  await testDb?.close();
});

describe("the Logs page's session list", () => {
  it("stays what the events say through batched writes, Prisma writes, a run taking a session, deletions and retention", async () => {
    await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        writer.write(event(`batch-${index}`, `s${index % 4}`, index % 3 === 0 ? null : `/w/${index % 2}`)),
      ),
    );
    await testDb.db.hookEvent.create({
      data: { ...event("prisma-1", "s9", "/w/9"), receivedAt: new Date("2026-01-01T00:00:00Z") },
    });
    expect(await listed()).toEqual(await aggregated());

    await linkRunToSession(ctx, { sessionId: "s1", runId: "run-7" });
    expect(
      (await listed()).filter((session) => session.sessionId === "s1").every((session) => session.isArborRun),
    ).toBe(true);
    expect(await listed()).toEqual(await aggregated());

    // Moving events to another worktree, and deleting some, including a session's last event.
    await testDb.db.hookEvent.updateMany({
      where: { sessionId: "s2", worktreePath: null },
      data: { worktreePath: "/w/moved" },
    });
    await testDb.db.hookEvent.deleteMany({ where: { OR: [{ sessionId: "s3" }, { eventId: "prisma-1" }] } });
    const afterDelete = await listed();
    expect(afterDelete.map((session) => [session.sessionId, session.worktreePath, session.eventCount])).toEqual(
      (await aggregated()).map((session) => [session.sessionId, session.worktreePath, session.eventCount]),
    );
    expect(afterDelete.some((session) => session.sessionId === "s3" || session.sessionId === "s9")).toBe(false);

    // Retention deletes the oldest events and recounts the times of the sessions it touched.
    await testDb.db.hookEvent.updateMany({
      where: { eventId: { in: ["batch-0", "batch-4"] } },
      data: { receivedAt: new Date("2020-01-01T00:00:00Z") },
    });
    expect(await listed()).toEqual(await aggregated());
    await updateSettings(ctx, { hookRetentionDays: 30 });
    await sweepRetention(testDb.db, { repoId: null, dryRun: false });
    expect(await listed()).toEqual(await aggregated());
  });

  it("lists one worktree's sessions, newest activity first", async () => {
    const sessions = await listHookSessions(testDb.db, { worktreePath: "/w/1" });
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((session) => session.worktreePath === "/w/1")).toBe(true);
    const lastTimes = sessions.map((session) => session.lastAt);
    expect(lastTimes).toEqual([...lastTimes].sort().reverse());
  });
});
