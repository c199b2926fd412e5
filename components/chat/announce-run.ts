import type { LiveRun, LiveRunsState } from "@/components/realtime/live-run-types.ts";
import { approvalHeadline } from "@/components/approvals/approval-text.ts";
import { isFailedStatus, labelOfStatus } from "./run-outcome.ts";

/** The newest run of a session (by its first event), or null. */
export function latestRun(state: LiveRunsState): LiveRun | null {
  let latest: LiveRun | null = null;
  for (const run of Object.values(state.runs)) if (!latest || run.firstAt >= latest.firstAt) latest = run;
  return latest;
}

/**
 * One sentence for screen readers about where the latest run stands, read out politely when it
 * changes: queued, answering (and retrying), waiting for the user, finished or failed. Streaming
 * text is not read token by token; the finished answer is in the message list.
 */
export function announceRun(run: LiveRun | null): string {
  if (!run) return "";
  const waiting = run.approvals.find((approval) => approval.status === "pending");
  if (waiting) return `Waiting for you: ${approvalHeadline(waiting)}.`;
  if (run.status === "queued")
    return run.queuedPosition ? `Message queued, position ${run.queuedPosition}.` : "Message queued.";
  if (run.status === "running") {
    if (run.retry) return `The API is failing; retry ${run.retry.attempt} of ${run.retry.maxRetries}.`;
    return "Claude is answering.";
  }
  const status = run.finished?.status ?? "completed";
  if (isFailedStatus(status)) return `The answer ${labelOfStatus(status).toLowerCase()}.`;
  return "Claude finished answering.";
}
