/** Section 4: the ledger, where the work stands, the latest summary, then the recent messages, oldest first. */
import { formatLedgerBlock } from "./format-ledger.ts";
import { formatUserWordsBlock } from "./format-user-words.ts";
import { quoteLines, toOneLine } from "./format-markdown.ts";
import { PROMPT_HEADINGS } from "./prompt-headings.ts";
import type { PromptLedgerEntry, PromptMessage, PromptSummary } from "./types.ts";

interface MemorySectionInput {
  summary: PromptSummary | null;
  /** Already in chronological order. */
  messages: PromptMessage[];
  /** Uncovered messages left out for the budget (or never loaded), oldest first. */
  droppedIds: number[];
  workflowState?: string | null;
  /** null: no ledger block at all (a caller that has no ledger). */
  ledger?: { included: PromptLedgerEntry[]; leftOutIds: number[]; leftOutCount: number } | null;
  /** The user's covered messages carried verbatim (fitUserWords), or none. */
  userWords?: { included: PromptMessage[]; leftOutCount: number } | null;
}

/** Message contents are quoted, so a past message can never pose as a prompt section. */
export function formatMemorySection({
  summary,
  messages,
  droppedIds,
  workflowState = null,
  ledger = null,
  userWords = null,
}: MemorySectionInput): string {
  const lines: string[] = [PROMPT_HEADINGS.memory, ""];
  if (ledger) lines.push(...formatLedgerBlock(ledger), "");
  if (workflowState) lines.push("## Where the work stands", "", quoteLines(workflowState), "");
  const hasUserWords = userWords !== null && (userWords.included.length > 0 || userWords.leftOutCount > 0);
  if (summary === null && messages.length === 0 && droppedIds.length === 0 && !hasUserWords)
    return [...lines, "No earlier conversation."].join("\n");
  lines.push("Earlier conversation, for intent and decisions (git facts come from the scan above).");
  if (hasUserWords) lines.push("", ...formatUserWordsBlock(userWords));
  if (summary !== null) {
    const covers = summary.isInherited
      ? `of the previous, archived conversation in this worktree`
      : `covers messages up to #${summary.coveredUntilMessageId}`;
    lines.push("", `## Summary #${summary.id} (${covers})`, "", quoteLines(summary.markdown));
  }
  lines.push("", "## Recent messages");
  if (droppedIds.length > 0) {
    const count = droppedIds.length;
    const range = count === 1 ? `#${droppedIds[0]}` : `#${droppedIds[0]}–#${droppedIds.at(-1)}`;
    lines.push(
      "",
      `${count} older ${count === 1 ? "message was" : "messages were"} left out to fit the prompt budget (${range}); Arbor summarizes ${count === 1 ? "it" : "them"} next.`,
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
