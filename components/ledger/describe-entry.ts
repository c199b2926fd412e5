import type { LedgerEntryView } from "@/lib/ledger/ledger-types.ts";

/** What the panel offers for one entry: the same rules the server checks (planLedgerChange), for the user. */
export type EntryAction = "done" | "drop" | "supersede" | "edit" | "reopen" | "undo";

/**
 * The user's actions on an entry: an open task can be done, dropped or edited; an open decision
 * superseded, dropped or edited; a closed entry reopened, and "Undo" when a model closed it (the
 * evidence it gave is shown beside). Pure.
 */
export function listEntryActions(entry: LedgerEntryView): EntryAction[] {
  if (entry.status !== "open") {
    const isClosedByModel = entry.lastEvent?.action === "closed" && entry.lastEvent.actor === "model";
    return isClosedByModel ? ["undo"] : ["reopen"];
  }
  return entry.kind === "task" ? ["done", "drop", "edit"] : ["supersede", "drop", "edit"];
}

const SCOPE: Record<LedgerEntryView["scope"], string> = {
  worktree: "this worktree",
  node: "design node",
  plan: "plan",
  repo: "repository",
};

const ORIGIN: Record<string, string> = {
  user: "you",
  model: "Claude's summary",
  tag: "Claude's answer",
  recorder: "a Claude Code session",
};

/** "task · this worktree · by you (/todo) · message #12" and, when closed, how. */
export function describeEntry(entry: LedgerEntryView): string {
  const parts = [
    entry.kind,
    SCOPE[entry.scope],
    `by ${ORIGIN[entry.origin] ?? entry.origin}${entry.via === "command" ? (entry.kind === "task" ? " (/todo)" : " (/decide)") : ""}`,
  ];
  if (entry.messageId !== null) parts.push(`message #${entry.messageId}`);
  if (entry.status !== "open") {
    const event = entry.lastEvent;
    const evidence =
      event && event.evidence.length ? `, evidence ${event.evidence.map((id) => `#${id}`).join(" ")}` : "";
    const by = event ? ` by ${event.actor === "user" ? "you" : event.actor}` : "";
    const replaced = entry.supersededById !== null ? ` by L${entry.supersededById}` : "";
    parts.push(`${entry.status}${replaced}${by}${evidence}`);
  }
  return parts.join(" · ");
}
