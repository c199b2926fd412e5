import type { ToolCallView } from "@/lib/realtime/chat-views.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import type { RunEvent, ServerMessage } from "@/lib/realtime/protocol.ts";

export type RunEventMessage = Extract<ServerMessage, { type: "run_event" }>;
type ApiRetryEvent = Extract<RunEvent, { kind: "api_retry" }>;
type FinishedEvent = Extract<RunEvent, { kind: "finished" }>;
/** Why a queued run waits (absent in events stored before Arbor told it). */
export type QueuedReason = NonNullable<Extract<RunEvent, { kind: "queued" }>["reason"]>;

/** What the browser knows of one run from its WebSocket events (cache: ["live-runs", sessionId]). */
export interface LiveRun {
  runId: string;
  /** Highest sequence number applied; events at or below it are duplicates. */
  seq: number;
  /** Server clock of the first event seen, to order runs that have no message yet. */
  firstAt: number;
  /** Server clock of the latest event: how long the run has been silent. */
  lastAt: number;
  /** The latest event, in a few words ("tokens streaming", "running Bash"), for the run's sign of life. */
  lastActivity: string;
  status: "queued" | "running" | "finished";
  queuedPosition: number | null;
  queuedReason: QueuedReason | null;
  model: string | null;
  /** Completed text blocks (from text_block events). */
  blocks: string[];
  /** Deltas of the block being written, replaced by its text_block once that arrives. */
  liveText: string;
  /** The answer so far: blocks and live text joined by a blank line, as the server stores it. */
  text: string;
  tools: ToolCallView[];
  /** The latest api_retry while the API is failing; cleared once output arrives. */
  retry: Omit<ApiRetryEvent, "kind"> | null;
  notices: string[];
  /** Requests the run asked the user, in order: pending ones wait for an answer. */
  approvals: ApprovalView[];
  finished: Omit<FinishedEvent, "kind"> | null;
}

export interface LiveRunsState {
  runs: Record<string, LiveRun>;
}

export const EMPTY_LIVE_RUNS: LiveRunsState = { runs: {} };
