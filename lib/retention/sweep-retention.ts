import { setImmediate as nextTurn } from "node:timers/promises";
import type { Db } from "@/lib/db/client.ts";
import type { Prisma } from "@/lib/db/generated/client.ts";
import { recountHookSessions } from "@/lib/hook-ingest/list-hook-events.ts";
import { readEffectiveSettings } from "@/lib/settings/repo-settings-store.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";
import { isRetentionOff, retentionPolicy, sizeCutoff, type RetentionPolicy } from "./retention-policy.ts";

export interface RetentionResult {
  hookEvents: number;
  hookEventBytes: number;
  relays: number;
}

/** Rows read (and deleted) per statement: each is short, and the event loop gets a turn between them. */
const CHUNK = 2_000;

/**
 * Deletes (or with `dryRun`, counts) what a repository's retention settings let go: hook events
 * past the age or size limit and transcript relays past the age limit. `repoId: null` is the
 * events from directories outside every repository, under the Arbor-wide settings. Never deleted:
 * an event or relay of an Arbor run, an event the ledger names, a relay of a Claude session the
 * ledger or a topic log refers to. Off by default (every limit 0), and then nothing is read.
 */
export async function sweepRetention(
  db: Db,
  input: { repoId: string | null; dryRun: boolean; now?: Date },
): Promise<RetentionResult> {
  const settings = input.repoId ? await readEffectiveSettings(db, input.repoId) : await readSettings(db);
  const policy = retentionPolicy(settings, input.now ?? new Date());
  const result: RetentionResult = { hookEvents: 0, hookEventBytes: 0, relays: 0 };
  if (isRetentionOff(policy)) return result;
  // Outside any repository, only what this instance received (a team shares the database, not the machines).
  const scope: Prisma.HookEventWhereInput = input.repoId
    ? { repoId: input.repoId }
    : { repoId: null, OR: [{ instanceId: (await getLocalInstance(db)).id }, { instanceId: null }] };
  const sweep: Sweep = {
    db,
    repoId: input.repoId,
    scope,
    dryRun: input.dryRun,
    policy,
    result,
    touchedSessions: new Map(),
  };
  if (policy.hookEventsBefore) await deleteHookEvents(sweep, { receivedAt: { lt: policy.hookEventsBefore } });
  if (policy.hookEventMaxBytes !== null) await deleteHookEventsBeyondSize(sweep, policy.hookEventMaxBytes);
  if (!input.dryRun) await recountHookSessions(db, [...sweep.touchedSessions.values()]);
  // Relays carry no instance: only a repository's are swept.
  if (policy.relaysBefore && input.repoId) await deleteRelays(sweep, policy.relaysBefore);
  return result;
}

interface Sweep {
  db: Db;
  repoId: string | null;
  scope: Prisma.HookEventWhereInput;
  dryRun: boolean;
  policy: RetentionPolicy;
  result: RetentionResult;
  /** Sessions that lost events (their first and last times are recounted at the end). */
  touchedSessions: Map<string, { sessionId: string; worktreePath: string | null }>;
}

/** The repository's hook events that no run refers to (the ledger is checked per chunk). */
const deletableEvents = (sweep: Sweep, extra: Prisma.HookEventWhereInput): Prisma.HookEventWhereInput => ({
  AND: [sweep.scope, { runId: null }, extra],
});

/** The events of a chunk the ledger does not name. */
async function withoutLedgerEvidence<T extends { id: number }>(db: Db, events: T[]): Promise<T[]> {
  if (events.length === 0) return events;
  const named = await db.ledgerEntry.findMany({
    where: { hookEventId: { in: events.map((event) => event.id) } },
    select: { hookEventId: true },
  });
  const kept = new Set(named.map((entry) => entry.hookEventId));
  return events.filter((event) => !kept.has(event.id));
}

/** Oldest first, a chunk at a time, every deletable event matching `where`. */
async function deleteHookEvents(sweep: Sweep, where: Prisma.HookEventWhereInput): Promise<void> {
  let afterId = 0;
  for (;;) {
    const chunk = await sweep.db.hookEvent.findMany({
      where: deletableEvents(sweep, { ...where, id: { gt: afterId, ...(where.id as object | undefined) } }),
      select: { id: true, payloadBytes: true, sessionId: true, worktreePath: true },
      orderBy: { id: "asc" },
      take: CHUNK,
    });
    if (chunk.length === 0) return;
    afterId = chunk.at(-1)!.id;
    const doomed = await withoutLedgerEvidence(sweep.db, chunk);
    for (const { sessionId, worktreePath } of doomed)
      sweep.touchedSessions.set(`${sessionId}\0${worktreePath ?? ""}`, { sessionId, worktreePath });
    if (!sweep.dryRun && doomed.length > 0)
      await sweep.db.hookEvent.deleteMany({ where: { id: { in: doomed.map((event) => event.id) } } });
    sweep.result.hookEvents += doomed.length;
    for (const event of doomed) sweep.result.hookEventBytes += event.payloadBytes;
    if (chunk.length < CHUNK) return;
    await nextTurn();
  }
}

/**
 * Newest first, the deletable events that fit in `maxBytes` stay; everything deletable at and
 * below the first that does not fit goes. Events already counted by the age limit are left out
 * of the walk, so a preview does not count them twice.
 */
async function deleteHookEventsBeyondSize(sweep: Sweep, maxBytes: number): Promise<void> {
  const younger: Prisma.HookEventWhereInput = sweep.policy.hookEventsBefore
    ? { receivedAt: { gte: sweep.policy.hookEventsBefore } }
    : {};
  let keptBytes = 0;
  let beforeId: number | null = null;
  for (;;) {
    const chunk: Array<{ id: number; payloadBytes: number }> = await sweep.db.hookEvent.findMany({
      where: deletableEvents(sweep, { ...younger, ...(beforeId === null ? {} : { id: { lt: beforeId } }) }),
      select: { id: true, payloadBytes: true },
      orderBy: { id: "desc" },
      take: CHUNK,
    });
    if (chunk.length === 0) return;
    beforeId = chunk.at(-1)!.id;
    const counted = await withoutLedgerEvidence(sweep.db, chunk);
    const cut = sizeCutoff({ keptBytes, maxBytes, newestFirst: counted });
    keptBytes = cut.keptBytes;
    if (cut.cutoffId !== null) {
      await deleteHookEvents(sweep, { ...younger, id: { lte: cut.cutoffId } });
      return;
    }
    if (chunk.length < CHUNK) return;
    await nextTurn();
  }
}

/** Relays started before the limit (or, never started, last updated before it), outside runs and logs. */
async function deleteRelays(sweep: Sweep, before: Date): Promise<void> {
  const [ledgerSessions, topicSessions] = await Promise.all([
    sweep.db.ledgerEntry.findMany({
      where: { claudeSessionId: { not: null } },
      select: { claudeSessionId: true },
      distinct: ["claudeSessionId"],
    }),
    sweep.db.topicLogEntry.findMany({ select: { sessionId: true }, distinct: ["sessionId"] }),
  ]);
  const protectedSessions = new Set<string>([
    ...ledgerSessions.flatMap((entry) => (entry.claudeSessionId ? [entry.claudeSessionId] : [])),
    ...topicSessions.map((entry) => entry.sessionId),
  ]);
  let afterId = 0;
  for (;;) {
    const chunk = await sweep.db.transcriptRelay.findMany({
      where: {
        repoId: sweep.repoId,
        runId: null,
        id: { gt: afterId },
        OR: [{ startedAt: { lt: before } }, { startedAt: null, updatedAt: { lt: before } }],
      },
      select: { id: true, sessionId: true },
      orderBy: { id: "asc" },
      take: CHUNK,
    });
    if (chunk.length === 0) return;
    afterId = chunk.at(-1)!.id;
    const doomed = chunk.filter((relay) => !protectedSessions.has(relay.sessionId));
    if (!sweep.dryRun && doomed.length > 0)
      await sweep.db.transcriptRelay.deleteMany({ where: { id: { in: doomed.map((relay) => relay.id) } } });
    sweep.result.relays += doomed.length;
    if (chunk.length < CHUNK) return;
    await nextTurn();
  }
}
