/** The whole prompt for one `claude -p` send: Arbor re-injects all context every time. */
import { createHash } from "node:crypto";
import { formatContextSection } from "./format-context.ts";
import { fitLedgerEntries, LEDGER_BUDGET_SHARE, MAX_NAMED_LEFT_OUT } from "./format-ledger.ts";
import { formatMemorySection } from "./format-memory.ts";
import { formatPlanSection } from "./format-plan.ts";
import { formatSystemSection } from "./format-system.ts";
import { fitUserWords, USER_WORDS_BUDGET_SHARE } from "./format-user-words.ts";
import { PROMPT_HEADINGS } from "./prompt-headings.ts";
import type { AssembledPrompt, PromptInput, PromptSectionName } from "./types.ts";

const SECTION_SEPARATOR = "\n\n";

/**
 * Assembles system, context, plan, memory, then the user message last and verbatim (never in a template).
 * The ledger gets up to a quarter of `budget.maxChars`, the summarised user messages 15%, newest
 * first, the rest named as left out. Over budget: oldest recent messages go, then the scan shrinks;
 * rules, summary, ledger and message stay. A prompt still too long is returned (`receipt.totalChars`).
 * Each unsummarised message is in the prompt or in `receipt.droppedMessageIds`.
 */
export function assemblePrompt(input: PromptInput): AssembledPrompt {
  const maxChars = input.budget?.maxChars ?? Number.POSITIVE_INFINITY;
  const messages = [...input.recentMessages].sort((a, b) => a.id - b.id);
  const system = formatSystemSection(input);
  const plan = formatPlanSection(input.plan);
  const formatContext = (isShortened: boolean) =>
    formatContextSection({
      scan: input.scan,
      previousScan: input.previousScan,
      isShortened,
      designWarnings: input.designWarnings,
      checks: input.checks,
    });
  const notLoaded = [...(input.notLoadedMessageIds ?? [])].sort((a, b) => a - b);
  const droppedIdsFor = (droppedCount: number) => [
    ...notLoaded,
    ...messages.slice(0, droppedCount).map((message) => message.id),
  ];
  const ledger = input.ledger ?? null;
  const fitted = ledger
    ? fitLedgerEntries({ entries: ledger.entries, maxChars: Math.floor(maxChars * LEDGER_BUDGET_SHARE) })
    : null;
  const ledgerBlock =
    ledger && fitted
      ? {
          included: fitted.included,
          leftOutIds: [...fitted.leftOutIds, ...ledger.notLoadedIds].slice(0, MAX_NAMED_LEFT_OUT),
          leftOutCount: fitted.leftOutIds.length + ledger.notLoadedCount,
        }
      : null;
  const earlier = input.earlierUserMessages ?? [];
  const userWords =
    earlier.length > 0 || (input.earlierUserNotLoadedCount ?? 0) > 0
      ? fitUserWords({
          messages: earlier,
          maxChars: Math.floor(maxChars * USER_WORDS_BUDGET_SHARE),
          notLoadedCount: input.earlierUserNotLoadedCount ?? 0,
        })
      : null;
  const formatMemory = (droppedCount: number) =>
    formatMemorySection({
      summary: input.summary,
      messages: messages.slice(droppedCount),
      droppedIds: droppedIdsFor(droppedCount),
      workflowState: input.workflowState,
      ledger: ledgerBlock,
      userWords,
    });

  let isScanShortened = false;
  let droppedCount = 0;
  let context = formatContext(false);
  let memory = formatMemory(droppedCount);
  const build = () => buildParts({ system, context, plan, memory, userMessage: input.userMessage });

  let parts = build();
  while (measureParts(parts) > maxChars && droppedCount < messages.length) {
    droppedCount += 1;
    memory = formatMemory(droppedCount);
    parts = build();
  }
  if (measureParts(parts) > maxChars) {
    isScanShortened = true;
    context = formatContext(true);
    parts = build();
  }

  const text = parts.map((part) => part.text).join("");
  return {
    text,
    sections: parts.map((part) => ({ name: part.name, chars: part.text.length })),
    digest: createHash("sha256").update(text, "utf8").digest("hex"),
    receipt: {
      summaryId: input.summary?.id ?? null,
      coveredUntilMessageId: input.summary && !input.summary.isInherited ? input.summary.coveredUntilMessageId : null,
      isSummaryInherited: input.summary?.isInherited ?? false,
      messageIds: messages.slice(droppedCount).map((message) => message.id),
      droppedMessageIds: droppedIdsFor(droppedCount),
      earlierUserWords: {
        includedIds: userWords?.included.map((message) => message.id) ?? [],
        leftOutCount: userWords?.leftOutCount ?? 0,
      },
      ledger: {
        includedIds: ledgerBlock?.included.map((entry) => entry.id) ?? [],
        proposedIds: ledgerBlock?.included.filter((entry) => entry.isProposed).map((entry) => entry.id) ?? [],
        taskIds: ledgerBlock?.included.filter((entry) => entry.kind === "task").map((entry) => entry.id) ?? [],
        leftOutIds: ledgerBlock?.leftOutIds ?? [],
        leftOutCount: ledgerBlock?.leftOutCount ?? 0,
        inForce: (ledger?.entries.length ?? 0) + (ledger?.notLoadedCount ?? 0),
        closed: ledger?.closed ?? [],
      },
      hasWorkflowState: Boolean(input.workflowState),
      hasPlan: input.plan !== null,
      scanShortened: isScanShortened,
      totalChars: text.length,
    },
  };
}

type PromptPart = { name: PromptSectionName; text: string };

function buildParts(sections: {
  system: string;
  context: string;
  plan: string;
  memory: string;
  userMessage: string;
}): PromptPart[] {
  return [
    { name: "system", text: sections.system + SECTION_SEPARATOR },
    { name: "context", text: sections.context + SECTION_SEPARATOR },
    { name: "plan", text: sections.plan + SECTION_SEPARATOR },
    { name: "memory", text: sections.memory + SECTION_SEPARATOR },
    // Concatenated last, never put through a template or `replace`, so `$&`, `${x}` or a
    // heading inside the message reaches the model exactly as typed.
    { name: "user", text: PROMPT_HEADINGS.user + SECTION_SEPARATOR + sections.userMessage },
  ];
}

function measureParts(parts: PromptPart[]): number {
  return parts.reduce((total, part) => total + part.text.length, 0);
}
