import type { ChatSummary } from "@/lib/db/generated/client.ts";

export interface SummaryView {
  id: number;
  sessionId: string;
  markdown: string;
  coveredUntilMessageId: number;
  kind: "model" | "extractive";
  note: string | null;
  /** How many messages this rolling summary covers in total. */
  messageCount: number;
  /** Arbor's check of what the summary kept: passed | retried | reattached | unchecked (older summaries). */
  checkStatus: "passed" | "retried" | "reattached" | "unchecked";
  /** What the check found and did (null when it passed at once). */
  checkNote: string | null;
  createdAt: string;
}

export function toSummaryView(summary: ChatSummary): SummaryView {
  return {
    id: summary.id,
    sessionId: summary.sessionId,
    markdown: summary.summaryMarkdown,
    coveredUntilMessageId: summary.coveredUntilMessageId,
    kind: summary.kind === "extractive" ? "extractive" : "model",
    note: summary.note,
    messageCount: summary.messageCount,
    checkStatus:
      summary.checkStatus === "passed" || summary.checkStatus === "retried" || summary.checkStatus === "reattached"
        ? summary.checkStatus
        : "unchecked",
    checkNote: summary.checkNote,
    createdAt: summary.createdAt.toISOString(),
  };
}
