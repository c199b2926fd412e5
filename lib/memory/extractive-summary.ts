import { SUMMARY_SECTIONS, type SummarySource } from "./summary-format.ts";

const DECISION = /\b(decided|decision|we will|we'll|agreed|let's go with|chose|choose to|going with)\b|決定|決めた/i;
const TASK = /\b(todo|to do|next step|next,|need to|needs to|should|remaining|follow[- ]up)\b|- \[ \]|次に|やること/i;
const CAVEAT = /\b(caveat|careful|warning|beware|risk|known issue|breaks?|fails?|error)\b|注意|エラー/i;
const MAX_ITEMS = 8;

/**
 * A deterministic summary built from the messages themselves, used when `claude -p` cannot
 * write one. Same input, same output; nothing is invented, every bullet quotes a message.
 */
export function buildExtractiveSummary(source: SummarySource): string {
  const sentences = source.messages.flatMap((message) =>
    splitSentences(message.content).map((text) => ({ text, label: `${message.role} #${message.id}` })),
  );
  const pick = (pattern: RegExp) => sentences.filter((s) => pattern.test(s.text)).slice(-MAX_ITEMS);
  const firstOfEach = source.messages
    .filter((message) => message.role === "user")
    .slice(-MAX_ITEMS)
    .map((message) => ({ text: splitSentences(message.content)[0] ?? "", label: `user #${message.id}` }))
    .filter((item) => item.text);
  const sections: Record<(typeof SUMMARY_SECTIONS)[number], Array<{ text: string; label: string }>> = {
    "Key points": firstOfEach,
    Decisions: pick(DECISION),
    "Open tasks": pick(TASK),
    Caveats: pick(CAVEAT),
  };
  const previous = source.previousSummary
    ? ["", "_Earlier summary:_", "", ...source.previousSummary.split("\n").map((l) => `> ${l}`)]
    : [];
  return [
    ...SUMMARY_SECTIONS.flatMap((name) => [
      `## ${name}`,
      ...(sections[name].length ? sections[name].map((item) => `- ${item.text} (${item.label})`) : ["- (none found)"]),
      "",
    ]),
    ...previous,
  ]
    .join("\n")
    .trim();
}

function splitSentences(text: string): string[] {
  return text
    .replace(/```[\s\S]*?```/g, " ")
    .split(/(?<=[.!?。])\s+|\n+/)
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter((part) => part.length > 3)
    .map((part) => (part.length > 200 ? `${part.slice(0, 200)}…` : part));
}
