import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sweepRetention } from "@/lib/retention/sweep-retention.ts";
import { updateRepoSettings } from "@/lib/settings/repo-settings-store.ts";
import { createSettingsCache, updateSettings } from "@/lib/settings/settings-store.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-24T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let repoId: string;
let otherRepoId: string;

async function addEvent(input: {
  eventId: string;
  repoId: string | null;
  at: Date;
  bytes?: number;
  runId?: string | null;
  sessionId?: string;
}) {
  return testDb.db.hookEvent.create({
    data: {
      eventId: input.eventId,
      receivedAt: input.at,
      eventName: "PreToolUse",
      sessionId: input.sessionId ?? "terminal-session",
      repoId: input.repoId,
      worktreePath: input.repoId ? "/w" : null,
      runId: input.runId ?? null,
      payload: "{}",
      payloadBytes: input.bytes ?? 100,
    },
  });
}

async function addRelay(input: {
  startUuid: string;
  repoId: string;
  at: Date | null;
  sessionId?: string;
  runId?: string;
}) {
  return testDb.db.transcriptRelay.create({
    data: {
      sessionId: input.sessionId ?? "terminal-session",
      startUuid: input.startUuid,
      repoId: input.repoId,
      startedAt: input.at,
      runId: input.runId ?? null,
    },
  });
}

const remainingEvents = async () =>
  (await testDb.db.hookEvent.findMany({ select: { eventId: true }, orderBy: { id: "asc" } })).map((row) => row.eventId);
const remainingRelays = async () =>
  (await testDb.db.transcriptRelay.findMany({ select: { startUuid: true }, orderBy: { id: "asc" } })).map(
    (row) => row.startUuid,
  );

beforeEach(async () => {
  testDb = await createTestDb();
  const create = (name: string) =>
    testDb.db.repo.create({ data: { commonDir: `/repos/${name}/.git`, rootPath: `/repos/${name}`, name } });
  repoId = (await create("kept")).id;
  otherRepoId = (await create("other")).id;
});

afterEach(async () => {
  await testDb?.close();
});

describe("retention", () => {
  it("is off by default: nothing is read or deleted, however old", async () => {
    await addEvent({ eventId: "ancient", repoId, at: daysAgo(3000) });
    await addRelay({ startUuid: "ancient-relay", repoId, at: daysAgo(3000) });
    expect(await sweepRetention(testDb.db, { repoId, dryRun: false, now: NOW })).toEqual({
      hookEvents: 0,
      hookEventBytes: 0,
      relays: 0,
    });
    expect(await remainingEvents()).toEqual(["ancient"]);
    expect(await remainingRelays()).toEqual(["ancient-relay"]);
  });

  it("deletes by age only what no run, ledger entry or topic log refers to, and the preview counts exactly that", async () => {
    await updateRepoSettings(
      { db: testDb.db, settingsCache: createSettingsCache() },
      { repoId, patch: { hookRetentionDays: 30, transcriptRetentionDays: 30 } },
    );
    await addEvent({ eventId: "old", repoId, at: daysAgo(31), bytes: 250 });
    await addEvent({ eventId: "old-of-a-run", repoId, at: daysAgo(31), runId: "run-1" });
    const named = await addEvent({ eventId: "old-in-the-ledger", repoId, at: daysAgo(31) });
    await addEvent({ eventId: "recent", repoId, at: daysAgo(29) });
    await addEvent({ eventId: "old-other-repo", repoId: otherRepoId, at: daysAgo(31) });
    await testDb.db.ledgerEntry.create({
      data: {
        repoId,
        kind: "decision",
        text: "Use SQLite",
        scope: "repo",
        origin: "recorder",
        via: "hook",
        hookEventId: named.id,
        claudeSessionId: "decided-session",
      },
    });
    const topic = await testDb.db.topic.create({ data: { repoId, title: "Storage" } });
    await testDb.db.topicLogEntry.create({ data: { topicId: topic.id, sessionId: "logged-session", relayKey: "k" } });
    await addRelay({ startUuid: "old-relay", repoId, at: daysAgo(40) });
    await addRelay({ startUuid: "never-started", repoId, at: null });
    await addRelay({ startUuid: "old-relay-of-a-run", repoId, at: daysAgo(40), sessionId: "s-run", runId: "run-1" });
    await addRelay({ startUuid: "old-relay-decided", repoId, at: daysAgo(40), sessionId: "decided-session" });
    await addRelay({ startUuid: "old-relay-logged", repoId, at: daysAgo(40), sessionId: "logged-session" });
    await addRelay({ startUuid: "recent-relay", repoId, at: daysAgo(1) });

    const preview = await sweepRetention(testDb.db, { repoId, dryRun: true, now: NOW });
    expect(preview).toEqual({ hookEvents: 1, hookEventBytes: 250, relays: 1 });
    expect(await remainingEvents()).toHaveLength(5);

    expect(await sweepRetention(testDb.db, { repoId, dryRun: false, now: NOW })).toEqual(preview);
    expect(await remainingEvents()).toEqual(["old-of-a-run", "old-in-the-ledger", "recent", "old-other-repo"]);
    // A relay never started counts from its last update, which is now.
    expect(await remainingRelays()).toEqual([
      "never-started",
      "old-relay-of-a-run",
      "old-relay-decided",
      "old-relay-logged",
      "recent-relay",
    ]);
    expect(await sweepRetention(testDb.db, { repoId, dryRun: false, now: NOW })).toEqual({
      hookEvents: 0,
      hookEventBytes: 0,
      relays: 0,
    });
  });

  it("keeps at most the size limit, newest first, never counting what must be kept", async () => {
    await updateRepoSettings(
      { db: testDb.db, settingsCache: createSettingsCache() },
      { repoId, patch: { hookRetentionMb: 1 } },
    );
    // 1 MB = 1,048,576 bytes: the two newest (800,000) fit, the third (300,000 more) does not.
    await addEvent({ eventId: "oldest", repoId, at: daysAgo(5), bytes: 300_000 });
    await addEvent({ eventId: "older", repoId, at: daysAgo(4), bytes: 300_000 });
    await addEvent({ eventId: "of-a-run", repoId, at: daysAgo(3), bytes: 5_000_000, runId: "run-1" });
    await addEvent({ eventId: "newer", repoId, at: daysAgo(2), bytes: 400_000 });
    await addEvent({ eventId: "newest", repoId, at: daysAgo(1), bytes: 400_000 });
    const swept = await sweepRetention(testDb.db, { repoId, dryRun: false, now: NOW });
    expect(swept).toEqual({ hookEvents: 2, hookEventBytes: 600_000, relays: 0 });
    expect(await remainingEvents()).toEqual(["of-a-run", "newer", "newest"]);
  });

  it("sweeps more than one chunk, oldest first, and age and size together count each event once", async () => {
    await updateRepoSettings(
      { db: testDb.db, settingsCache: createSettingsCache() },
      { repoId, patch: { hookRetentionDays: 10, hookRetentionMb: 1 } },
    );
    const rows = Array.from({ length: 4_500 }, (_, index) => ({
      eventId: `bulk-${index}`,
      receivedAt: index < 3_000 ? daysAgo(20) : daysAgo(1),
      eventName: "PostToolUse",
      sessionId: "terminal-session",
      repoId,
      payload: "{}",
      payloadBytes: 1_000,
    }));
    await testDb.db.hookEvent.createMany({ data: rows });
    const preview = await sweepRetention(testDb.db, { repoId, dryRun: true, now: NOW });
    // 3,000 by age; of the 1,500 younger ones (1,000 bytes each) 1,048 fit in 1 MB.
    expect(preview.hookEvents).toBe(3_000 + (1_500 - 1_048));
    expect(await sweepRetention(testDb.db, { repoId, dryRun: false, now: NOW })).toEqual(preview);
    const left = await remainingEvents();
    expect(left).toHaveLength(1_048);
    expect(left[0]).toBe(`bulk-${4_500 - 1_048}`);
  });

  it("applies the Arbor-wide limits to events from outside any repository, and a repository override wins", async () => {
    await updateSettings({ db: testDb.db, settingsCache: createSettingsCache() }, { hookRetentionDays: 7 });
    await updateRepoSettings(
      { db: testDb.db, settingsCache: createSettingsCache() },
      { repoId, patch: { hookRetentionDays: 0 } },
    );
    await addEvent({ eventId: "unplaced-old", repoId: null, at: daysAgo(8) });
    await addEvent({ eventId: "unplaced-new", repoId: null, at: daysAgo(6) });
    await addEvent({ eventId: "repo-old", repoId, at: daysAgo(8) });
    await addEvent({ eventId: "other-old", repoId: otherRepoId, at: daysAgo(8) });
    await sweepRetention(testDb.db, { repoId: null, dryRun: false, now: NOW });
    await sweepRetention(testDb.db, { repoId, dryRun: false, now: NOW });
    await sweepRetention(testDb.db, { repoId: otherRepoId, dryRun: false, now: NOW });
    expect(await remainingEvents()).toEqual(["unplaced-new", "repo-old"]);
  });
});
