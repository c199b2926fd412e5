import type { QueryClient } from "@tanstack/react-query";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import type { LiveRunsState } from "@/components/realtime/live-run-types.ts";

/**
 * Shows an answer the server returned (ours, or the one that won) at once, in the live run and in
 * the lists, before the WebSocket's `approval_resolved` arrives with the same news.
 */
export function applyApprovalToCache(client: QueryClient, view: ApprovalView): void {
  const resolve = (item: ApprovalView) =>
    item.id === view.id ? { ...item, status: view.status, answeredBy: view.answeredBy, outcome: view.outcome } : item;
  client.setQueryData<LiveRunsState>(queryKeys.liveRuns(view.sessionId), (state) => {
    const run = state?.runs[view.runId];
    if (!state || !run) return state;
    return { runs: { ...state.runs, [run.runId]: { ...run, approvals: run.approvals.map(resolve) } } };
  });
  client.setQueryData<ApprovalView[]>(queryKeys.approvals(view.sessionId), (list) => list?.map(resolve));
  if (view.status !== "pending") {
    client.setQueryData<ApprovalView[]>(queryKeys.approvals("pending"), (list) =>
      list?.filter((item) => item.id !== view.id),
    );
  }
}
