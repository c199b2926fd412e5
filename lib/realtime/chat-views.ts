/** Shapes the chat API and the WebSocket carry (messages, runs, receipts); shared by the server and the browser. */

export type MessageRole = "user" | "assistant" | "system";
/** complete | streaming | cancelled | failed | timed_out | interrupted */
export type MessageStatus = string;
/** queued | running | success | failed | cancelled | timed_out | interrupted */
export type RunStatusView = string;

export interface RunView {
  id: string;
  status: RunStatusView;
  errorKind: string | null;
  /** What happened and what to do, shown in the chat when the run did not succeed. */
  errorMessage: string | null;
  isRetryable: boolean;
  claudeSessionId: string | null;
  model: string | null;
  costUsd: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  numTurns: number | null;
  durationMs: number | null;
  /** Tools the run was refused; `byUser` when the user said Deny on the card (a decision, not a failure). */
  permissionDenials: Array<{
    toolName: string;
    toolUseId: string;
    toolInput: unknown;
    byUser?: { message: string | null };
  }>;
  /** Tool calls and results of the run, for the compact tool cards. */
  tools: ToolCallView[];
  /** Its start and end checkpoints differ (files or HEAD); null when unknown (running, or no checkpoints). */
  changedWorktree: boolean | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** "What Claude was told": the prompt's sections and sizes, which messages, the summary id, the digest. */
  receipt: PromptReceiptView | null;
}

export interface PromptReceiptView {
  sections: Array<{ name: string; chars: number }>;
  summaryId: number | null;
  /** Messages up to this id reached Claude through the summary (null: no summary of this conversation). */
  coveredUntilMessageId: number | null;
  /** The summary was the archived conversation's. */
  isSummaryInherited: boolean;
  messageIds: number[];
  /** Uncovered messages left out to fit the budget (Arbor summarizes them next). */
  droppedMessageIds: number[];
  /**
   * Ledger entries carried (which of them only proposed, which tasks), those in force or proposed but left out
   * (over the ledger's share of the budget), and the closed ones not carried with why (their status).
   */
  ledger: {
    includedIds: number[];
    proposedIds: number[];
    taskIds: number[];
    leftOutIds: number[];
    leftOutCount: number;
    inForce: number;
    closed: Array<{ id: number; status: string }>;
  };
  /** The user's covered messages carried verbatim, and how many older ones were not (budget). */
  earlierUserWords: { includedIds: number[]; leftOutCount: number };
  hasWorkflowState: boolean;
  hasPlan: boolean;
  scanShortened: boolean;
  totalChars: number;
  digest: string;
  /** Receipts stored before Arbor recorded the ledger and the summary bound lack those parts. */
  isLegacy: boolean;
}

export interface ToolCallView {
  id: string;
  name: string;
  input: unknown;
  result: { content: string; isError: boolean } | null;
}

export interface MessageView {
  id: number;
  sessionId: string;
  role: MessageRole;
  content: string;
  status: MessageStatus;
  createdAt: string;
  /** Moved out of the working history by a purge (kept, shown only under "Show older"). */
  isArchived: boolean;
  /** The run that produced this assistant message (null for user messages). */
  run: RunView | null;
}

export interface SessionView {
  id: string;
  repoId: string;
  worktreePath: string;
  branchName: string | null;
  status: "active" | "archived";
  createdAt: string;
  lastUsedAt: string;
}

export interface WorktreeActivity {
  worktreePath: string;
  sessionId: string;
  /** waiting: the agent asked the user something (a tool to allow, a question, a plan) and waits for the answer. */
  state: "queued" | "running" | "waiting" | "idle";
  /** A run finished since the user last looked at this worktree's chat. */
  hasUnread: boolean;
}
