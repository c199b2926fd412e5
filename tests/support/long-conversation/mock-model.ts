import type { MockResponder, MockScript } from "@/tests/support/mock-anthropic/types.ts";
import { findItem, type ConversationPlan } from "./plan.ts";

/**
 * keep-all: the summary lists every decision and task it was shown. lossy: like a real model now and
 * then, it drops every third one it is shown (counted in the order they first appear in its prompt).
 * lossy-failing: lossy, and the second summary's first request fails (the model API answers 500, no retry).
 */
export type SummarizerBehaviour = "keep-all" | "lossy" | "lossy-failing";

/** Which summary request fails for "lossy-failing" (1-based): the first call of the second summary (a lossy summary is asked twice). */
const FAILING_SUMMARY = 3;

export interface ConversationModel {
  responder: MockResponder;
  /** What the summarizer did, for the report. */
  stats: { summaries: number; itemsShown: number; itemsDropped: number; failedSummaries: number };
}

const USER_HEADING = "# 5. User message";
const CODE = /\b[DT]\d{2}\b/g;
const LEDGER_REF = /\[L\d+\]/;

const text = (name: string, value: string): MockScript => ({ name, steps: [{ type: "text", text: value }] });

/**
 * The mock model of the long conversation: Arbor's chat prompts are answered from the plan (found by
 * the `S<step>` label of the user message), terminal prompts (`terminal D04`) record a decision with
 * the recorder's tags, and rolling-summary prompts are summarized by the chosen behaviour.
 */
export function createConversationModel(input: {
  plan: ConversationPlan;
  summarizer: SummarizerBehaviour;
}): ConversationModel {
  const stats = { summaries: 0, itemsShown: 0, itemsDropped: 0, failedSummaries: 0 };
  let summaryRequests = 0;
  const responder: MockResponder = ({ humanText }) => {
    if (humanText === null) return null;
    if (humanText.includes("rolling summary of a coding conversation")) {
      summaryRequests += 1;
      if (input.summarizer === "lossy-failing" && summaryRequests === FAILING_SUMMARY) {
        stats.failedSummaries += 1;
        return {
          name: "summary-fails",
          steps: [{ type: "error", status: 500, errorType: "api_error", message: "mock outage", shouldRetry: false }],
        };
      }
      stats.summaries += 1;
      return text("summary", summarize({ prompt: humanText, plan: input.plan, behaviour: input.summarizer, stats }));
    }
    if (humanText.includes("Summarize this exchange in ONE line")) {
      return text("relay-summary", "User: asked about the work / AI: answered");
    }
    const userPart = humanText.includes(USER_HEADING) ? humanText.slice(humanText.lastIndexOf(USER_HEADING)) : null;
    const step = userPart === null ? null : /\bS(\d{3})\b/.exec(userPart);
    if (step) {
      const planned = input.plan.steps[Number(step[1]) - 1];
      if (planned) return text(`step-${planned.index}`, planned.answer);
    }
    const terminal = /^terminal ([DT]\d{2})\b/.exec(humanText.trim());
    if (terminal) {
      const item = findItem(input.plan, terminal[1]!);
      return text(
        "terminal",
        [
          `Settled here in the terminal: ${item.text}.`,
          `<!-- [decision] topic: current | ${item.text} -->`,
          "<!-- [meta] project: repo (id: repo) | topic: Terminal decisions (id: new) -->",
        ].join("\n"),
      );
    }
    return null;
  };
  return { responder, stats };
}

/** The four fixed sections, listing (or dropping) every item the prompt shows, with its ledger id if shown. */
function summarize(input: {
  prompt: string;
  plan: ConversationPlan;
  behaviour: SummarizerBehaviour;
  stats: ConversationModel["stats"];
}): string {
  const shown: Array<{ code: string; ref: string | null }> = [];
  for (const line of input.prompt.split("\n")) {
    const ref = LEDGER_REF.exec(line)?.[0] ?? null;
    for (const match of line.matchAll(CODE)) {
      const found = shown.find((item) => item.code === match[0]);
      if (!found) shown.push({ code: match[0], ref });
      else if (found.ref === null && ref !== null) found.ref = ref;
    }
  }
  const kept = shown.filter((_, index) => input.behaviour === "keep-all" || (index + 1) % 3 !== 0);
  // A plain plan's item text starts with its code and no colon; an explicit one's with "<code>:".
  input.stats.itemsShown += shown.length;
  input.stats.itemsDropped += shown.length - kept.length;
  const bullets = (prefix: string) =>
    kept
      .filter((item) => item.code.startsWith(prefix))
      .map((item) => `- ${findItem(input.plan, item.code).text}${item.ref ? ` ${item.ref}` : ""}`);
  const orNone = (lines: string[]) => (lines.length ? lines : ["- none"]);
  return [
    "## Key points",
    "- The work goes on part by part.",
    "## Decisions",
    ...orNone(bullets("D")),
    "## Open tasks",
    ...orNone(bullets("T")),
    "## Caveats",
    "- none",
  ].join("\n");
}
