import type { PromptReceiptView } from "@/lib/realtime/chat-views.ts";

export interface ReceiptLedgerGroup {
  key: "decisions" | "tasks" | "proposed" | "budget" | "closed";
  label: string;
  ids: number[];
  /** All of the group, `ids` and the ones not named. */
  count: number;
  reasons?: Map<number, string>;
}

const CLOSED_REASON: Record<string, string> = {
  dismissed: "dismissed by you",
  superseded: "superseded",
  dropped: "dropped",
  done: "done",
};

/** The receipt's ledger in the groups the panel lists; empty groups are left out. Pure. */
export function groupReceiptLedger(ledger: PromptReceiptView["ledger"]): ReceiptLedgerGroup[] {
  const proposed = new Set(ledger.proposedIds);
  const tasks = new Set(ledger.taskIds);
  const confirmed = ledger.includedIds.filter((id) => !proposed.has(id));
  const groups: ReceiptLedgerGroup[] = [
    { key: "decisions", label: "Decisions in force, carried", ids: confirmed.filter((id) => !tasks.has(id)), count: 0 },
    { key: "tasks", label: "Open tasks, carried", ids: confirmed.filter((id) => tasks.has(id)), count: 0 },
    { key: "proposed", label: "Proposed, carried apart (not confirmed)", ids: [...proposed], count: 0 },
    {
      key: "budget",
      label: "Left out: over the ledger's share of the prompt budget",
      ids: ledger.leftOutIds,
      count: Math.max(ledger.leftOutCount, ledger.leftOutIds.length),
    },
    {
      key: "closed",
      label: "Not carried: closed",
      ids: ledger.closed.map((entry) => entry.id),
      count: ledger.closed.length,
      reasons: new Map(ledger.closed.map((entry) => [entry.id, CLOSED_REASON[entry.status] ?? entry.status])),
    },
  ];
  return groups
    .map((group) => ({ ...group, count: Math.max(group.count, group.ids.length) }))
    .filter((group) => group.count > 0);
}
