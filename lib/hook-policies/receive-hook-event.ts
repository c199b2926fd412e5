import { ingestHookEvent, type HookIngestParts, type IngestResult } from "@/lib/hook-ingest/ingest-hook-event.ts";
import { applyHookPolicies, type HookAnswer } from "./apply-policies.ts";
import { resolveSessionWorktree } from "./session-binding.ts";

export interface ReceiveResult extends IngestResult {
  /** What the hook should print for Claude Code (policy context or a block), if anything. */
  answer: HookAnswer;
}

/**
 * One hook delivery end to end: store it (hook-ingest), then let the hook policies of its worktree react;
 * only an event of a session that belongs there reads or changes its memory (session-binding.ts: one of a
 * session Arbor never saw start there may only notify). The HTTP endpoint and the spool replay both come
 * through here; hook-ingest itself never calls policies, so the layers stay one-way.
 */
export async function receiveHookEvent(
  parts: HookIngestParts,
  input: Parameters<typeof ingestHookEvent>[1],
): Promise<ReceiveResult> {
  const stored = await ingestHookEvent(parts, input);
  if (stored.isDuplicate || !stored.parsed || !stored.event || !stored.storedId) return { ...stored, answer: null };
  const { repoId, worktreePath, runId } = stored.event;
  const bound = await resolveSessionWorktree(parts.db, {
    sessionId: stored.parsed.sessionId,
    eventName: stored.parsed.eventName,
    eventId: stored.storedId,
    claimed: repoId && worktreePath ? { repoId, worktreePath } : null,
    runId,
  });
  const answer = await applyHookPolicies(parts, {
    event: stored.parsed,
    eventId: stored.storedId,
    repoId,
    worktreePath,
    isBound: bound !== null && bound.repoId !== "",
    runId,
  }).catch((error: unknown) => {
    // A policy failure must never block Claude: log it and answer nothing.
    console.error(`[arbor] hook policy for ${stored.parsed?.eventName} failed`, error);
    return null;
  });
  return { ...stored, answer };
}
