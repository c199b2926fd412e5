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
    createdAt: summary.createdAt.toISOString(),
  };
}
