/** The plan's budget as the dispatcher sees it; `limitUsd` null means no budget. */
export interface BudgetInput {
  limitUsd: number | null;
  /** What this plan's runs cost so far, from the CLI's results (subagents included). */
  spentUsd: number;
}

/**
 * Money in whole cents: 4.6 + 0.4 must not come out as 5.000000000000001 and refuse a node the
 * budget covers exactly.
 */
export const toCents = (usd: number): number => Math.round(usd * 100);

export const formatUsd = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/**
 * Null when `estimateCents` fits in what is left, else the reason the node waits. Running agents
 * have not reported their cost yet, so their estimates (`heldCents`) count as spent until they do.
 */
export function budgetReason(input: {
  budget: BudgetInput;
  heldCents: number;
  heldFor: number;
  estimateCents: number;
}): string | null {
  const { budget, heldCents, heldFor, estimateCents } = input;
  if (budget.limitUsd === null) return null;
  const limit = toCents(budget.limitUsd);
  const spent = toCents(budget.spentUsd);
  // A spent budget stops dispatching even for a node estimated at $0.
  if (spent + heldCents < limit && spent + heldCents + estimateCents <= limit) return null;
  const held =
    heldCents > 0
      ? ` and ${formatUsd(heldCents)} held for ${heldFor} running ${heldFor === 1 ? "agent" : "agents"}`
      : "";
  return `budget reached: ${formatUsd(spent)} of ${formatUsd(limit)} spent${held}; this node's estimate is ${formatUsd(estimateCents)}`;
}
