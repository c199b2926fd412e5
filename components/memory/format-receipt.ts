const numbers = new Intl.NumberFormat("en-US");

/** "12,345 chars". */
export function formatChars(chars: number): string {
  return `${numbers.format(chars)} ${chars === 1 ? "char" : "chars"}`;
}

/** The first 12 hex digits of a digest: enough to tell prompts apart at a glance. */
export function shortDigest(digest: string): string {
  return digest.length > 12 ? `${digest.slice(0, 12)}…` : digest;
}

/** The summary line: which summary and what it covers, or that it is the archived conversation's. */
export function describeSummaryUse(receipt: {
  summaryId: number | null;
  coveredUntilMessageId: number | null;
  isSummaryInherited: boolean;
}): string {
  if (receipt.summaryId === null) return "none";
  if (receipt.isSummaryInherited) return `#${receipt.summaryId}, of the archived conversation of this worktree`;
  return receipt.coveredUntilMessageId !== null
    ? `#${receipt.summaryId}, covers every message up to #${receipt.coveredUntilMessageId}`
    : `#${receipt.summaryId}`;
}

/** The ledger line: how many entries were carried and which were left out (named, then counted). */
export function describeLedgerUse(ledger: {
  includedIds: number[];
  proposedIds?: number[];
  leftOutIds: number[];
  leftOutCount: number;
  inForce: number;
}): string {
  if (ledger.inForce === 0) return "no decisions or open tasks recorded";
  const proposed = ledger.proposedIds?.length ?? 0;
  const carried = `${ledger.includedIds.length} of ${ledger.inForce} carried${proposed ? ` (${proposed} only proposed)` : ""}`;
  if (ledger.leftOutCount === 0) return `${carried} (all)`;
  const named = ledger.leftOutIds.map((id) => `L${id}`).join(", ");
  const more =
    ledger.leftOutCount > ledger.leftOutIds.length
      ? ` and ${ledger.leftOutCount - ledger.leftOutIds.length} older`
      : "";
  return `${carried}; left out (over the ledger's share of the budget or the per-prompt limit): ${named}${more}`;
}

/** Message ids as compact ranges: [3, 4, 5, 9] → "#3–#5, #9"; none → "none". */
export function describeIdRanges(ids: number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return "none";
  const ranges: Array<[number, number]> = [];
  for (const id of sorted) {
    const last = ranges.at(-1);
    if (last && id === last[1] + 1) last[1] = id;
    else ranges.push([id, id]);
  }
  return ranges.map(([from, to]) => (from === to ? `#${from}` : `#${from}–#${to}`)).join(", ");
}
