import type { RunEvent } from "@/lib/realtime/protocol.ts";
import type { LiveRun, LiveRunsState, RunEventMessage } from "./live-run-types.ts";

/**
 * Applies one run event to the live state of a session. Events at or below the run's last
 * applied seq (duplicates from a replay, or late arrivals) are ignored and the same state object
 * is returned, so callers can tell whether anything changed.
 */
export function applyRunEvent(state: LiveRunsState, message: RunEventMessage): LiveRunsState {
  const current = state.runs[message.runId];
  if (current && message.seq <= current.seq) return state;
  const base = current ?? createLiveRun({ runId: message.runId, at: message.at });
  const next = reduceRun(base, message.event);
  const lastActivity = describeActivity(message.event) ?? next.lastActivity;
  return { runs: { ...state.runs, [message.runId]: { ...next, seq: message.seq, lastAt: message.at, lastActivity } } };
}

/** The `afterSeq` map to resubscribe with: what this state already holds, per run. */
export function afterSeqOf(state: LiveRunsState): Record<string, number> {
  return Object.fromEntries(Object.values(state.runs).map((run) => [run.runId, run.seq]));
}

/** A run as known before any event of it is applied (also the tests' starting point). */
export function createLiveRun(input: { runId: string; at: number }): LiveRun {
  return {
    runId: input.runId,
    seq: 0,
    firstAt: input.at,
    lastAt: input.at,
    lastActivity: "starting",
    status: "running",
    queuedPosition: null,
    queuedReason: null,
    model: null,
    blocks: [],
    liveText: "",
    text: "",
    tools: [],
    retry: null,
    notices: [],
    approvals: [],
    finished: null,
  };
}

function reduceRun(run: LiveRun, event: RunEvent): LiveRun {
  switch (event.kind) {
    case "queued":
      return { ...run, status: "queued", queuedPosition: event.position, queuedReason: event.reason ?? null };
    case "started":
      return { ...run, status: "running", queuedPosition: null, queuedReason: null };
    case "init":
      return { ...run, status: "running", model: event.model };
    case "text_delta":
      return withText({ ...run, status: "running", retry: null }, run.blocks, run.liveText + event.text);
    case "text_block":
      // The complete block replaces its deltas (some may have been missed): never append twice.
      return withText({ ...run, retry: null }, [...run.blocks, event.text], "");
    case "tool_use": {
      const others = run.tools.filter((tool) => tool.id !== event.tool.id);
      return { ...run, retry: null, tools: [...others, { ...event.tool, result: null }] };
    }
    case "tool_result":
      return {
        ...run,
        tools: run.tools.map((tool) =>
          tool.id === event.toolUseId ? { ...tool, result: { content: event.content, isError: event.isError } } : tool,
        ),
      };
    case "api_retry": {
      const { kind: _kind, ...retry } = event;
      return { ...run, retry };
    }
    case "notice":
      return { ...run, notices: [...run.notices, event.message] };
    case "approval_requested":
      return { ...run, approvals: [...run.approvals.filter((item) => item.id !== event.approval.id), event.approval] };
    case "approval_resolved":
      return {
        ...run,
        approvals: run.approvals.map((item) =>
          item.id === event.approvalId
            ? { ...item, status: event.status, answeredBy: event.answeredBy, outcome: event.outcome }
            : item,
        ),
      };
    case "finished": {
      const { kind: _kind, ...finished } = event;
      return { ...run, status: "finished", queuedPosition: null, queuedReason: null, retry: null, finished };
    }
  }
}

/** What an event says the run is doing, or null when it says nothing new (a notice). */
function describeActivity(event: RunEvent): string | null {
  switch (event.kind) {
    case "queued":
      return "queued";
    case "started":
    case "init":
      return "starting";
    case "text_delta":
    case "text_block":
      return "tokens streaming";
    case "tool_use":
      return `running ${event.tool.name}`;
    case "tool_result":
      return "tool finished";
    case "api_retry":
      return `retrying ${event.attempt} of ${event.maxRetries}`;
    case "approval_requested":
      // A question is asked, a plan reviewed, a tool allowed: each says which.
      return event.approval.kind === "question"
        ? "waiting for your answer"
        : event.approval.kind === "plan"
          ? "waiting for you to review the plan"
          : "waiting for your approval";
    case "approval_resolved":
      return "answer received";
    case "finished":
      return "finished";
    case "notice":
      return null;
  }
}

function withText(run: LiveRun, blocks: string[], liveText: string): LiveRun {
  const text = [...blocks, liveText].filter((part) => part.length > 0).join("\n\n");
  return { ...run, blocks, liveText, text };
}
