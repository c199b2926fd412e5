import type { Db } from "../db/client.ts";
import type { HookEvent } from "../hooks/hook-events.ts";

/**
 * What Arbor answers a synchronous hook (printed by the hook for Claude Code): extra context
 * or a block decision from the repository's hook policies. Null: no answer, Claude continues
 * unchanged. The policies arrive with the hook-policies feature; until then Arbor only observes.
 */
export async function answerHookEvent(_db: Db, _input: { event: HookEvent; isDuplicate: boolean }): Promise<Record<string, unknown> | null> {
  return null;
}
