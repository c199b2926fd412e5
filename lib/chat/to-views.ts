import type { AgentRun, ChatMessage, ChatSession } from "@/lib/db/generated/client.ts";
import type { MessageView, PromptReceiptView, RunView, SessionView, ToolCallView } from "@/lib/realtime/chat-views.ts";

/**
 * Every failed answer can be run again: a refused key, a missing login or a wrong claude path are
 * fixed outside the chat (log in, set the key, Settings), after which Retry is what the user wants.
 */
const isFailedRun = (run: AgentRun) => run.errorKind !== null && run.status !== "success";

export function toSessionView(session: ChatSession): SessionView {
  return {
    id: session.id,
    repoId: session.repoId,
    worktreePath: session.worktreePath,
    branchName: session.branchName,
    status: session.status === "archived" ? "archived" : "active",
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
  };
}

/** `isSessionArchived`: an archived conversation is read-only, so nothing in it can be retried. */
export function toRunView(run: AgentRun, options: { isSessionArchived?: boolean } = {}): RunView {
  return {
    id: run.id,
    status: run.status,
    errorKind: run.errorKind,
    errorMessage: run.errorMessage,
    isRetryable: !options.isSessionArchived && isFailedRun(run),
    claudeSessionId: run.claudeSessionId,
    model: run.model,
    costUsd: run.costUsd,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    numTurns: run.numTurns,
    durationMs: run.durationMs,
    permissionDenials: parseJsonArray(run.permissionDenials) as RunView["permissionDenials"],
    tools: parseJsonArray(run.toolCalls) as ToolCallView[],
    changedWorktree: run.changedWorktree,
    receipt: parseReceipt(run.receipt),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export function toMessageView(
  message: ChatMessage,
  run: AgentRun | null,
  options: { isSessionArchived?: boolean } = {},
): MessageView {
  return {
    id: message.id,
    sessionId: message.sessionId,
    role: message.role === "assistant" || message.role === "system" ? message.role : "user",
    content: message.content,
    status: message.status,
    createdAt: message.createdAt.toISOString(),
    isArchived: message.archivedAt !== null,
    run: run ? toRunView(run, options) : null,
  };
}

function parseJsonArray(text: string): unknown[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function parseReceipt(text: string): PromptReceiptView | null {
  let value: Partial<PromptReceiptView>;
  try {
    value = JSON.parse(text) as Partial<PromptReceiptView>;
  } catch {
    return null;
  }
  if (!Array.isArray(value.sections)) return null;
  return {
    sections: value.sections,
    summaryId: value.summaryId ?? null,
    coveredUntilMessageId: value.coveredUntilMessageId ?? null,
    isSummaryInherited: value.isSummaryInherited ?? false,
    messageIds: value.messageIds ?? [],
    droppedMessageIds: value.droppedMessageIds ?? [],
    ledger: value.ledger
      ? {
          ...value.ledger,
          proposedIds: value.ledger.proposedIds ?? [],
          taskIds: value.ledger.taskIds ?? [],
          closed: value.ledger.closed ?? [],
          leftOutCount: value.ledger.leftOutCount ?? value.ledger.leftOutIds.length,
        }
      : { includedIds: [], proposedIds: [], taskIds: [], leftOutIds: [], leftOutCount: 0, inForce: 0, closed: [] },
    earlierUserWords: value.earlierUserWords ?? { includedIds: [], leftOutCount: 0 },
    hasWorkflowState: value.hasWorkflowState ?? false,
    hasPlan: value.hasPlan ?? false,
    scanShortened: value.scanShortened ?? false,
    totalChars: value.totalChars ?? 0,
    digest: value.digest ?? "",
    isLegacy: value.ledger === undefined,
  };
}
