import type { ClaudeCommand, RunOutcome } from "@/lib/agent/run-claude.ts";
import { runInternalTurn } from "@/lib/agent/run-internal-turn.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import type { Settings } from "@/lib/settings/settings-schema.ts";
import { buildExtractiveSummary } from "./extractive-summary.ts";
import { buildSummaryPrompt, hasSummarySections, splitLedgerBlock, type SummarySource } from "./summary-format.ts";

export interface WrittenSummary {
  markdown: string;
  kind: "model" | "extractive";
  /** Why the extractive fallback was used (null when the model wrote it). */
  note: string | null;
  /** The model's proposed ledger changes (its `arbor-ledger` block), unparsed; null when none. */
  ledgerJson: string | null;
}

/**
 * Asks `claude -p` (the configured small model, no tools) for the rolling summary; when that
 * fails for any reason, falls back to the deterministic extractive summary and says why.
 */
export async function writeSummary(input: {
  source: SummarySource;
  settings: Settings;
  claude: ClaudeCommand;
}): Promise<WrittenSummary> {
  const fallback = (note: string): WrittenSummary => ({
    markdown: buildExtractiveSummary(input.source),
    kind: "extractive",
    note,
    ledgerJson: null,
  });
  let outcome: RunOutcome;
  try {
    outcome = await runInternalTurn({
      claude: input.claude,
      model: input.settings.summaryModel,
      prompt: buildSummaryPrompt(input.source),
      timeoutMs: input.settings.summaryTimeoutSeconds * 1000,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return fallback(`The summary settings are invalid (${error.message}).`);
  }
  if (outcome.status !== "success") return fallback(`claude -p could not write the summary: ${outcome.userMessage}`);
  const { markdown, ledgerJson } = splitLedgerBlock(outcome.text || outcome.result?.text || "");
  if (!hasSummarySections(markdown)) return fallback("The model's answer did not have the four summary sections.");
  return { markdown, kind: "model", note: null, ledgerJson };
}
