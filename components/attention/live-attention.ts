import type { QueryClient } from "@tanstack/react-query";
import {
  applyLiveAttention,
  applyPlanNodes,
  type AnnouncedPlanNode,
  type AttentionItem,
  type LiveAttentionChange,
} from "@/lib/chat/attention/attention.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

interface Noted {
  change: LiveAttentionChange;
  at: number;
}

/** The newest announced state per worktree, with when it came (this tab's clock). */
const latest = new Map<string, Noted>();

/**
 * Shows an announced state in the attention view at once (the list is read again afterwards to
 * fill in run times and unread marks), and remembers it so a read that was already under way when
 * it came cannot put the older state back.
 */
export function applyLiveAttentionToCache(client: QueryClient, change: LiveAttentionChange): void {
  latest.set(change.worktreePath, { change, at: performance.now() });
  const items = client.getQueryData<AttentionItem[]>(queryKeys.attention());
  if (!items) return;
  const next = applyLiveAttention(items, change);
  if (next !== items) client.setQueryData(queryKeys.attention(), next);
}

/** A read of the view that started at `startedAt` (performance.now()), with every state announced since put in. */
export function withStatesAnnouncedSince(items: AttentionItem[], startedAt: number): AttentionItem[] {
  let result = items;
  for (const [worktreePath, noted] of latest) {
    if (noted.at < startedAt) {
      // The server knew it when this read started: its answer already says it.
      latest.delete(worktreePath);
      continue;
    }
    result = applyLiveAttention(result, noted.change);
  }
  return result;
}

/** Shows a plan run's node states on their worktrees' rows at once (a `plan_run` message). */
export function applyPlanNodesToCache(
  client: QueryClient,
  announced: { planId: string; nodes: readonly AnnouncedPlanNode[] },
): void {
  const items = client.getQueryData<AttentionItem[]>(queryKeys.attention());
  if (!items) return;
  const next = applyPlanNodes(items, announced);
  if (next !== items) client.setQueryData(queryKeys.attention(), next);
}
