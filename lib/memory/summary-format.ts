/** The fixed sections of every summary, in order. */
export const SUMMARY_SECTIONS = ["Key points", "Decisions", "Open tasks", "Caveats"] as const;

export interface SummarySource {
  previousSummary: string | null;
  messages: Array<{ id: number; role: string; content: string }>;
}

const MAX_MESSAGE_CHARS = 4000;

/** The prompt that asks the small model for a rolling summary in the fixed sections. */
export function buildSummaryPrompt(source: SummarySource): string {
  const transcript = source.messages
    .map((message) => `### ${message.role} #${message.id}\n${clip(message.content, MAX_MESSAGE_CHARS)}`)
    .join("\n\n");
  return [
    "You maintain the rolling summary of a coding conversation between a developer and Claude.",
    "Merge the previous summary (if any) with the new messages into ONE updated summary.",
    `Answer with Markdown only, exactly these four level-2 sections in this order: ${SUMMARY_SECTIONS.map((s) => `"## ${s}"`).join(", ")}.`,
    "Use short bullet points. Keep decisions and open tasks that are still relevant; drop what was resolved.",
    "",
    "# Previous summary",
    source.previousSummary ?? "(none)",
    "",
    "# New messages",
    transcript || "(none)",
  ].join("\n");
}

/** True when a model answer has every fixed section, in order. */
export function hasSummarySections(markdown: string): boolean {
  let from = 0;
  for (const section of SUMMARY_SECTIONS) {
    const match = new RegExp(`^##\\s+${section}\\s*$`, "im").exec(markdown.slice(from));
    if (!match) return false;
    from += match.index + match[0].length;
  }
  return true;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)} …`;
}
