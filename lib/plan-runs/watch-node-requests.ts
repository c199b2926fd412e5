import type { NodeEvent } from "@/lib/plans/run/node-events.ts";
import type { NodeWork } from "@/lib/plans/run/plan-run-record.ts";
import { waitingForOf } from "@/lib/plans/run/waiting-for.ts";
import { sessionTopic, type EventHub } from "@/lib/realtime/event-hub.ts";

/**
 * While a node's run is live, what its agent asks (a tool to allow, a question) reports the node as
 * waiting for you, and the last answer reports it running again. Returns the unsubscribe.
 */
export function watchNodeRequests(hub: EventHub, work: NodeWork, report: (event: NodeEvent) => void): () => void {
  const runId = work.runs.at(-1)?.runId;
  if (!work.sessionId || !runId) return () => {};
  const pending = new Set<string>();
  return hub.subscribe(sessionTopic(work.sessionId), (message) => {
    if (message.type !== "run_event" || message.runId !== runId) return;
    const { event } = message;
    if (event.kind === "approval_requested") {
      pending.add(event.approval.id);
      report({ type: "needs_user", waitingFor: waitingForOf(event.approval) });
    } else if (event.kind === "approval_resolved" && pending.delete(event.approvalId) && pending.size === 0) {
      report({ type: "user_answered" });
    }
  });
}
