import type { ToolCallView } from "@/lib/realtime/chat-views.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import type { LiveRunsState } from "@/components/realtime/live-run-types.ts";

/**
 * One list from what the run's live events say and what the API returned (after a reload, or for
 * a finished run): by id, in the order they were asked; an answered copy wins over a pending one,
 * whichever source is behind.
 */
export function mergeApprovals(live: ApprovalView[], fetched: ApprovalView[]): ApprovalView[] {
  const byId = new Map<string, ApprovalView>();
  for (const item of [...fetched, ...live]) {
    const known = byId.get(item.id);
    if (!known || (known.status === "pending" && item.status !== "pending")) byId.set(item.id, item);
  }
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Each shown run's requests (live events merged with the API's list) and the active one: the first
 * still waiting, in the order the runs are shown, which answers to the keyboard.
 */
export function approvalsByRun(input: { runIds: string[]; live: LiveRunsState; fetched: ApprovalView[] }): {
  byRun: Map<string, ApprovalView[]>;
  activeId: string | null;
} {
  const byRun = new Map<string, ApprovalView[]>();
  let activeId: string | null = null;
  for (const runId of input.runIds) {
    const merged = mergeApprovals(
      input.live.runs[runId]?.approvals ?? [],
      input.fetched.filter((approval) => approval.runId === runId),
    );
    if (merged.length === 0) continue;
    byRun.set(runId, merged);
    activeId ??= merged.find((approval) => approval.status === "pending")?.id ?? null;
  }
  return { byRun, activeId };
}

/**
 * Which tool call each request was about (same tool, same input), so an answered request reads as
 * one line under its tool card; requests that match no tool call are returned apart.
 */
export function pairApprovalsWithTools(
  tools: ToolCallView[],
  approvals: ApprovalView[],
): { byToolId: Map<string, ApprovalView>; unpaired: ApprovalView[] } {
  const byToolId = new Map<string, ApprovalView>();
  const unpaired: ApprovalView[] = [];
  for (const approval of approvals) {
    const key = canonicalJson(approval.input);
    const tool = tools.find(
      (candidate) =>
        !byToolId.has(candidate.id) && candidate.name === approval.toolName && canonicalJson(candidate.input) === key,
    );
    if (tool) byToolId.set(tool.id, approval);
    else unpaired.push(approval);
  }
  return { byToolId, unpaired };
}

/** JSON with object keys sorted, so two copies of one tool input compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}
