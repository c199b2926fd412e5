import type { LedgerEntryView } from "@/lib/ledger/ledger-types.ts";

/** What the panel offers for one entry: the same rules the server checks (planLedgerChange), for the user. */
export type EntryAction = "confirm" | "dismiss" | "done" | "drop" | "supersede" | "edit" | "reopen" | "undo";

const UNDOABLE = new Set(["edited", "closed", "superseded", "confirmed", "dismissed"]);

/** True when the entry's last change can be taken back: the user's own, or a model marking a task done. */
export function canUndo(entry: LedgerEntryView): boolean {
  const last = entry.lastEvent;
  if (!last || !UNDOABLE.has(last.action) || last.toStatus !== entry.status) return false;
  return last.actor === "user" || (last.actor === "model" && last.action === "closed");
}

/**
 * The user's actions on an entry: a proposal is confirmed, dismissed or edited first; an open task can be
 * done, dropped or edited; an open decision superseded, dropped or edited; a closed entry reopened; and
 * "Undo" takes back the last change (yours, or a model marking a task done, whose evidence is shown). Pure.
 */
export function listEntryActions(entry: LedgerEntryView): EntryAction[] {
  const undo: EntryAction[] = canUndo(entry) ? ["undo"] : [];
  if (entry.status === "proposed") return ["confirm", "dismiss", "edit", ...undo];
  if (entry.status === "dismissed") return undo.length ? undo : [];
  if (entry.status !== "open") return entry.lastEvent?.actor === "model" && undo.length ? undo : ["reopen", ...undo];
  return [
    ...(entry.kind === "task" ? ["done", "drop", "edit"] : ["supersede", "drop", "edit"]),
    ...undo,
  ] as EntryAction[];
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
  capture: "what was said in the conversation",
};

/** "task · this worktree · by you (/todo) · message #12" and, when closed, how. */
export function describeEntry(entry: LedgerEntryView): string {
  const parts = [
    entry.kind,
    SCOPE[entry.scope],
    `by ${ORIGIN[entry.origin] ?? entry.origin}${entry.via === "command" ? (entry.kind === "task" ? " (/todo)" : " (/decide)") : ""}`,
  ];
  if (entry.messageId !== null) parts.push(`message #${entry.messageId}`);
  const event = entry.lastEvent;
  const by = event
    ? ` by ${event.actor === "user" ? (event.actorName ? `you (${event.actorName})` : "you") : event.actor}`
    : "";
  if (entry.status === "proposed") {
    parts.push(event?.action === "undone" ? `proposed again${by}` : "proposed: not in force until you confirm it");
  } else if (entry.status === "open" && event?.action === "confirmed") {
    parts.push(`confirmed${by}`);
  } else if (entry.status !== "open") {
    const evidence =
      event && event.evidence.length ? `, evidence ${event.evidence.map((id) => `#${id}`).join(" ")}` : "";
    const replaced = entry.supersededById !== null ? ` by L${entry.supersededById}` : "";
    parts.push(`${entry.status}${replaced}${by}${evidence}`);
  }
  return parts.join(" · ");
}
