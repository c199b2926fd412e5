"use client";

import { useLedgerEntries } from "@/components/api/ledger-api.ts";
import type { PromptReceiptView } from "@/lib/realtime/chat-views.ts";
import { groupReceiptLedger } from "./receipt-ledger.ts";

/**
 * Every decision and task a prompt carried, confirmed or proposed, and every one it did not carry with why:
 * the budget, or the user closed it (dismissed, superseded, dropped, done). Texts come from the ledger as it
 * is now; "Show the prompt" has them as they were sent.
 */
export function ReceiptLedger(props: {
  receipt: PromptReceiptView;
  session: { repoId: string; worktreePath?: string };
}) {
  const entries = useLedgerEntries(props.session.repoId, {
    worktreePath: props.session.worktreePath,
    status: "all",
    query: "",
  });
  const textOf = new Map((entries.data ?? []).map((entry) => [entry.id, entry.text]));
  const groups = groupReceiptLedger(props.receipt.ledger);
  return (
    <div data-testid="receipt-ledger-detail" className="space-y-1">
      {groups.map((group) => (
        <div key={group.key} data-testid={`receipt-ledger-${group.key}`} data-count={group.ids.length}>
          <p className="font-medium">
            {group.label} ({group.count})
          </p>
          <ul className="ml-3 list-disc">
            {group.ids.map((id) => (
              <li key={id} data-testid="receipt-ledger-entry" data-entry-id={id}>
                L{id}
                {textOf.has(id) ? `: ${textOf.get(id)}` : ""}
                {group.reasons?.get(id) ? ` — ${group.reasons.get(id)}` : ""}
              </li>
            ))}
            {group.count > group.ids.length ? <li>and {group.count - group.ids.length} older</li> : null}
          </ul>
        </div>
      ))}
    </div>
  );
}
