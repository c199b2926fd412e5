/** Section 4: the latest summary, then the recent messages, oldest first. */
import { quoteLines, toOneLine } from "./format-markdown.ts";
import { PROMPT_HEADINGS } from "./prompt-headings.ts";
import type { PromptMessage, PromptSummary } from "./types.ts";

interface MemorySectionInput {
  summary: PromptSummary | null;
  /** Already in chronological order. */
  messages: PromptMessage[];
  droppedCount: number;
  workflowState?: string | null;
}

/** Message contents are quoted, so a past message can never pose as a prompt section. */
export function formatMemorySection({
  summary,
  messages,
  droppedCount,
  workflowState = null,
}: MemorySectionInput): string {
  const lines: string[] = [PROMPT_HEADINGS.memory, ""];
  if (workflowState) lines.push("## Where the work stands", "", quoteLines(workflowState), "");
  if (summary === null && messages.length === 0 && droppedCount === 0)
    return [...lines, "No earlier conversation."].join("\n");
  lines.push("Earlier conversation, for intent and decisions (git facts come from the scan above).");
  if (summary !== null) {
    lines.push(
      "",
      `## Summary #${summary.id} (covers messages up to #${summary.coveredUntilMessageId})`,
      "",
      quoteLines(summary.markdown),
    );
  }
  lines.push("", "## Recent messages");
  if (droppedCount > 0) {
    lines.push(
      "",
      `${droppedCount} older ${droppedCount === 1 ? "message was" : "messages were"} left out to fit the prompt budget.`,
    );
  }
  if (messages.length === 0) lines.push("", "No recent messages.");
  for (const message of messages) {
    lines.push(
      "",
      `### ${message.role} #${message.id} (${toOneLine(message.createdAt)})`,
      "",
      quoteLines(message.content),
    );
  }
  return lines.join("\n");
}
