/** The user's own earlier words in the Memory section: what the summary covers, verbatim, within a share. */
import { quoteLines, toOneLine } from "./format-markdown.ts";
import type { PromptMessage } from "./types.ts";

/** Their share of the prompt budget: a summary may leave anything out; what the user wrote stays while it fits. */
export const USER_WORDS_BUDGET_SHARE = 0.15;

/** The newest covered user messages that fit in `maxChars` (given newest first); the rest are counted. */
export function fitUserWords(input: { messages: PromptMessage[]; maxChars: number; notLoadedCount: number }): {
  included: PromptMessage[];
  leftOutCount: number;
} {
  const included: PromptMessage[] = [];
  let used = 0;
  for (const message of input.messages) {
    const size = formatUserWord(message).length + 1;
    if (used + size > input.maxChars) break;
    included.push(message);
    used += size;
  }
  return { included, leftOutCount: input.messages.length - included.length + input.notLoadedCount };
}

function formatUserWord(message: PromptMessage): string {
  return `### user #${message.id} (${toOneLine(message.createdAt)})\n\n${quoteLines(message.content)}\n`;
}

/** The block, oldest first, or nothing when there are none. */
export function formatUserWordsBlock(input: { included: PromptMessage[]; leftOutCount: number }): string[] {
  if (input.included.length === 0 && input.leftOutCount === 0) return [];
  const byAge = [...input.included].sort((a, b) => a.id - b.id);
  const lines = [
    "## The user's earlier messages, verbatim",
    "",
    "The summary below retells these; here are the user's own words. Where they differ, the user's words count.",
  ];
  if (input.leftOutCount > 0) {
    lines.push(
      `${input.leftOutCount} older ${input.leftOutCount === 1 ? "message is" : "messages are"} not repeated here (prompt budget); the summary covers them.`,
    );
  }
  for (const message of byAge) lines.push("", formatUserWord(message).trimEnd());
  return [...lines, ""];
}
