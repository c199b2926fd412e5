import { formatQuoted } from "@/lib/prompt/format-markdown.ts";

/** The fixed sections of every summary, in order. */
export const SUMMARY_SECTIONS = ["Key points", "Decisions", "Open tasks", "Caveats"] as const;

/** The fence of the structured ledger changes a summary answer ends with. */
export const LEDGER_FENCE = "```arbor-ledger";

/** A ledger entry as the summarizer is shown it. */
export interface SummaryLedgerItem {
  id: number;
  kind: "decision" | "task";
  text: string;
  status: string;
}

export interface SummarySource {
  previousSummary: string | null;
  messages: Array<{ id: number; role: string; content: string }>;
  /** This conversation's ledger: entries in force, and those closed since the previous summary cited them. */
  ledger?: { inForce: SummaryLedgerItem[]; closed: SummaryLedgerItem[] };
  /** What an earlier answer left out (a retry): the summary must keep each of these. */
  leftOut?: string[];
}

const MAX_MESSAGE_CHARS = 4000;

/** The prompt that asks the small model for a rolling summary in the fixed sections, plus ledger changes. */
export function buildSummaryPrompt(source: SummarySource): string {
  const transcript = source.messages
    .map((message) => `### ${message.role} #${message.id}\n${clip(message.content, MAX_MESSAGE_CHARS)}`)
    .join("\n\n");
  const ledger = source.ledger ?? { inForce: [], closed: [] };
  return [
    "You maintain the rolling summary of a coding conversation between a developer and Claude.",
    "Merge the previous summary (if any) with the new messages into ONE updated summary.",
    `Answer with Markdown only, exactly these four level-2 sections in this order: ${SUMMARY_SECTIONS.map((s) => `"## ${s}"`).join(", ")}.`,
    "Use short bullet points. Keep every decision and open task of the previous summary and of Arbor's ledger",
    "below, however old; drop only those the ledger lists as closed. Add the new ones from the new messages.",
    "When a bullet is about a ledger entry, end it with the entry's id in brackets, e.g. [L12].",
    `After the four sections, add one fenced block opened with ${LEDGER_FENCE} holding JSON:`,
    '{"decisions":[{"text":"…","evidence":[12]}],"tasks":[{"text":"…","evidence":[13]}],"done":[{"id":7,"evidence":[14]}]}',
    "- decisions, tasks: what the new messages decide or leave to do that the ledger does not hold yet;",
    "- done: ledger tasks the new messages show finished;",
    "- evidence: the #ids of the new messages that show it. Use empty lists when there is nothing.",
    "",
    "# Arbor's ledger for this conversation",
    ...(ledger.inForce.length ? ledger.inForce.map(formatItem) : ["(none)"]),
    ...(ledger.closed.length
      ? ["", "Closed since the previous summary (drop them):", ...ledger.closed.map(formatItem)]
      : []),
    "",
    "# Previous summary",
    source.previousSummary ?? "(none)",
    "",
    "# New messages",
    transcript || "(none)",
    ...(source.leftOut?.length
      ? [
          "",
          "# Your previous answer left these out: keep every one of them",
          ...source.leftOut.map((item) => `- ${item}`),
        ]
      : []),
  ].join("\n");
}

function formatItem(item: SummaryLedgerItem): string {
  const state =
    item.status === "open"
      ? item.kind === "decision"
        ? "in force"
        : "open"
      : item.status === "proposed"
        ? "proposed, not yet confirmed"
        : item.status;
  return `- [L${item.id}] ${item.kind} (${state}): ${formatQuoted(item.text)}`;
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

/** Splits a summary answer into its Markdown and the text of its `arbor-ledger` block (null when absent). */
export function splitLedgerBlock(answer: string): { markdown: string; ledgerJson: string | null } {
  const start = answer.indexOf(LEDGER_FENCE);
  if (start === -1) return { markdown: answer.trim(), ledgerJson: null };
  const bodyStart = answer.indexOf("\n", start);
  const end = bodyStart === -1 ? -1 : answer.indexOf("```", bodyStart);
  const ledgerJson = bodyStart === -1 ? "" : answer.slice(bodyStart + 1, end === -1 ? undefined : end);
  const after = end === -1 ? "" : answer.slice(end + 3);
  return { markdown: `${answer.slice(0, start)}${after}`.trim(), ledgerJson: ledgerJson.trim() };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)} …`;
}
