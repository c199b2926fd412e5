import type { RunView } from "@/lib/realtime/chat-views.ts";
import { formatDuration } from "@/components/ui/format-duration.ts";

interface FooterItem {
  key: "duration" | "turns" | "tokens" | "cost" | "model";
  text: string;
}

const numbers = new Intl.NumberFormat("en-US");

/**
 * The facts under an answer, each only when the run reported it. A run stopped or failed before the
 * model billed anything reports zeros: those say nothing ("0 in / 0 out · $0.0000") and are left out.
 */
export function formatAnswerFooter(run: RunView): FooterItem[] {
  const items: FooterItem[] = [];
  const isEndedEarly = run.status !== undefined && run.status !== "success";
  const hasTokens = (run.inputTokens ?? 0) > 0 || (run.outputTokens ?? 0) > 0;
  if (run.durationMs !== null) items.push({ key: "duration", text: formatDuration(run.durationMs) });
  if (run.numTurns !== null && !(isEndedEarly && run.numTurns === 0))
    items.push({ key: "turns", text: `${run.numTurns} ${run.numTurns === 1 ? "turn" : "turns"}` });
  if ((run.inputTokens !== null || run.outputTokens !== null) && (hasTokens || !isEndedEarly)) {
    items.push({
      key: "tokens",
      text: `${numbers.format(run.inputTokens ?? 0)} in / ${numbers.format(run.outputTokens ?? 0)} out`,
    });
  }
  if (run.costUsd !== null && (run.costUsd > 0 || !isEndedEarly))
    items.push({ key: "cost", text: formatCost(run.costUsd) });
  if (run.model) items.push({ key: "model", text: run.model });
  return items;
}

/** Dollars with enough digits to tell small runs apart: $0.0042, $1.27. */
export function formatCost(usd: number): string {
  return `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;
}
