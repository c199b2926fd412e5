import type { Db } from "@/lib/db/client.ts";
import type { HookIngest } from "./hook-ingest-state.ts";

const MISS_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

/** Claude session id → the Arbor run that started it (null: none, as of `at`). */
export type RunLinks = Map<string, { runId: string | null; at: number }>;

/**
 * The Arbor run a Claude session id belongs to (Arbor pre-assigns `--session-id`, and the run
 * row exists before the CLI starts). Hits are kept; misses only briefly, so terminal sessions
 * do not cost a query per event and a run created later is still found.
 */
export async function findRunIdForSession(
  { db, hookIngest }: { db: Db; hookIngest: HookIngest },
  sessionId: string,
): Promise<string | null> {
  const cache = hookIngest.runLinks;
  const cached = cache.get(sessionId);
  if (cached && (cached.runId !== null || Date.now() - cached.at < MISS_TTL_MS)) return cached.runId;
  const run = await db.agentRun.findFirst({ where: { claudeSessionId: sessionId }, select: { id: true } });
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(sessionId, { runId: run?.id ?? null, at: Date.now() });
  return run?.id ?? null;
}

/**
 * A run has just taken the Claude session `sessionId` (a warm CLI booted before the run existed):
 * remember the link at once, so events arriving now are not matched against a cached miss, and
 * give the run the events that session sent before it was taken (its SessionStart).
 */
export async function linkRunToSession(
  { db, hookIngest }: { db: Db; hookIngest: HookIngest },
  input: { sessionId: string; runId: string },
): Promise<void> {
  hookIngest.runLinks.set(input.sessionId, { runId: input.runId, at: Date.now() });
  await db.hookEvent.updateMany({ where: { sessionId: input.sessionId, runId: null }, data: { runId: input.runId } });
}
