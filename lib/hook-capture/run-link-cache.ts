import type { Db } from "@/lib/db/client.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";

const MISS_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;
const runLinksState = defineProcessState("runLinks", () => new Map<string, { runId: string | null; at: number }>());

/**
 * The Arbor run a Claude session id belongs to (Arbor pre-assigns `--session-id`, and the run
 * row exists before the CLI starts). Hits are kept; misses only briefly, so terminal sessions
 * do not cost a query per event and a run created later is still found.
 */
export async function findRunIdForSession(db: Db, sessionId: string): Promise<string | null> {
  const cache = runLinksState.get();
  const cached = cache.get(sessionId);
  if (cached && (cached.runId !== null || Date.now() - cached.at < MISS_TTL_MS)) return cached.runId;
  const run = await db.agentRun.findFirst({ where: { claudeSessionId: sessionId }, select: { id: true } });
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(sessionId, { runId: run?.id ?? null, at: Date.now() });
  return run?.id ?? null;
}
