import type { RunView } from "@/lib/chat/chat-types.ts";

export interface FooterItem {
  key: "duration" | "turns" | "tokens" | "cost" | "model";
  text: string;
}

const numbers = new Intl.NumberFormat("en-US");

/** The facts under an answer, each only when the run reported it. */
export function formatAnswerFooter(run: RunView): FooterItem[] {
  const items: FooterItem[] = [];
  if (run.durationMs !== null) items.push({ key: "duration", text: formatDuration(run.durationMs) });
  if (run.numTurns !== null)
    items.push({ key: "turns", text: `${run.numTurns} ${run.numTurns === 1 ? "turn" : "turns"}` });
  if (run.inputTokens !== null || run.outputTokens !== null) {
    items.push({
      key: "tokens",
      text: `${numbers.format(run.inputTokens ?? 0)} in / ${numbers.format(run.outputTokens ?? 0)} out`,
    });
  }
  if (run.costUsd !== null) items.push({ key: "cost", text: formatCost(run.costUsd) });
  if (run.model) items.push({ key: "model", text: run.model });
  return items;
}

/** 850 ms, 12.3 s, 2 min 05 s. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/** Dollars with enough digits to tell small runs apart: $0.0042, $1.27. */
export function formatCost(usd: number): string {
  return `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;
}
