import { formatQuoted } from "@/lib/prompt/format-markdown.ts";
import { SUMMARY_SECTIONS, type SummarySource } from "./summary-format.ts";

const MAX_KEY_POINTS = 8;

/**
 * What Arbor writes when `claude -p` cannot summarize: no summary, but an index for the user. Same input,
 * same output; nothing is classified by guesswork. Key points quote the first sentence of the latest user
 * messages; Decisions and Open tasks list only the ledger's entries (in force or proposed), which the user
 * can see and correct; Caveats are left to a model. Arbor's memory ignores it (memory-summary.ts): the
 * messages stay verbatim in the prompts until a model summary covers them.
 */
export function buildExtractiveSummary(source: SummarySource): string {
  const keyPoints = source.messages
    .filter((message) => message.role === "user")
    .slice(-MAX_KEY_POINTS)
    .map((message) => ({ text: firstSentence(message.content), label: `user #${message.id}` }))
    .filter((item) => item.text !== "")
    .map((item) => `- ${item.text} (${item.label})`);
  const ledger = source.ledger?.inForce ?? [];
  const entries = (kind: "decision" | "task") =>
    ledger
      .filter((item) => item.kind === kind)
      .map((item) => `- [L${item.id}] ${formatQuoted(item.text)}${item.status === "proposed" ? " (proposed)" : ""}`);
  const sections: Record<(typeof SUMMARY_SECTIONS)[number], string[]> = {
    "Key points": keyPoints,
    Decisions: entries("decision"),
    "Open tasks": entries("task"),
    Caveats: [],
  };
  const empty: Record<(typeof SUMMARY_SECTIONS)[number], string> = {
    "Key points": "- (no message of the user)",
    Decisions: "- (none in Decisions & tasks)",
    "Open tasks": "- (none in Decisions & tasks)",
    Caveats: "- (not extracted without the model)",
  };
  const previous = source.previousSummary
    ? ["", "_Earlier summary:_", "", ...source.previousSummary.split("\n").map((line) => `> ${line}`)]
    : [];
  return [
    ...SUMMARY_SECTIONS.flatMap((name) => [
      `## ${name}`,
      ...(sections[name].length ? sections[name] : [empty[name]]),
      "",
    ]),
    ...previous,
  ]
    .join("\n")
    .trim();
}

/** The message's first sentence of prose: code, tags and test directives left out, at most 200 characters. */
function firstSentence(text: string): string {
  const prose = text
    .replace(/```[\s\S]*?(?:```|$)/g, " ")
    .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
    .replace(/\[\[mock:[\s\S]*?\]\]/g, " ");
  const sentence =
    prose
      .split(/(?<=[.!?。])\s+|\n+/)
      .map((part) => part.replace(/\s+/g, " ").trim())
      .find((part) => part.length > 3) ?? "";
  return sentence.length > 200 ? `${sentence.slice(0, 200)}…` : sentence;
}
