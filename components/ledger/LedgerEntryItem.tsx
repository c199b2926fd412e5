"use client";

import { useState } from "react";
import { useChangeEntry, type EntryChange, type LedgerEntryView } from "@/components/api/ledger-api.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { TextInput } from "@/components/ui/FormFields.tsx";
import { describeEntry, listEntryActions, type EntryAction } from "./describe-entry.ts";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";

const LABEL: Record<EntryAction, string> = {
  confirm: "Confirm",
  dismiss: "Dismiss",
  done: "Done",
  drop: "Drop",
  supersede: "Supersede…",
  edit: "Edit…",
  reopen: "Reopen",
  undo: "Undo",
};

/**
 * One decision or task: its text, where it came from and how it was closed, and the user's actions
 * (close, reopen or undo at once; edit and supersede ask for the new text first). "Jump" opens the
 * message it came from.
 */
export function LedgerEntryItem(props: {
  entry: LedgerEntryView;
  sessionId?: string;
  onJump?: (entry: LedgerEntryView) => void;
}) {
  const { entry } = props;
  const change = useChangeEntry(entry.repoId);
  const [editing, setEditing] = useState<"edit" | "supersede" | null>(null);
  const [draft, setDraft] = useState(entry.text);
  const apply = (next: EntryChange) => change.mutate({ entryId: entry.id, change: next });

  const act = (action: EntryAction) => {
    if (action === "edit" || action === "supersede") {
      setDraft(entry.text);
      setEditing(action);
      return;
    }
    if (action === "done") apply({ action: "close", status: "done" });
    else if (action === "drop") apply({ action: "close", status: "dropped" });
    else if (action === "confirm" || action === "dismiss" || action === "undo") apply({ action });
    else apply({ action: "reopen" });
  };
  const save = () => {
    const text = draft.trim();
    if (!editing || text === "") return;
    const next: EntryChange =
      editing === "edit" ? { action: "edit", text } : { action: "supersede", text, sessionId: props.sessionId };
    change.mutate({ entryId: entry.id, change: next }, { onSuccess: () => setEditing(null) });
  };

  return (
    <li
      data-testid="ledger-entry"
      data-entry-id={entry.id}
      data-kind={entry.kind}
      data-status={entry.status}
      className="rounded-md border border-zinc-200 px-2 py-1.5 text-xs dark:border-zinc-800"
    >
      <div className="flex items-start gap-2">
        <Badge tone={entry.kind === "decision" ? "violet" : "sky"} size="xs">
          L{entry.id}
        </Badge>
        {entry.status === "proposed" ? (
          <Badge tone="amber" size="xs" data-testid="ledger-entry-proposed">
            proposed
          </Badge>
        ) : null}
        <p
          data-testid="ledger-entry-text"
          className={`min-w-0 flex-1 whitespace-pre-wrap break-words text-sm ${entry.status === "open" ? "" : entry.status === "proposed" ? "italic text-zinc-600 dark:text-zinc-300" : "text-zinc-500 line-through"}`}
        >
          {entry.text}
        </p>
      </div>
      <p className="mt-0.5 text-[11px] text-zinc-500" data-testid="ledger-entry-meta">
        {describeEntry(entry)}
      </p>
      {editing ? (
        <form
          className="mt-1 flex gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <TextInput
            size="sm"
            aria-label={editing === "edit" ? "New text" : "What replaces it"}
            data-testid="ledger-entry-draft"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            className="min-w-0 flex-1"
          />
          <Button size="xs" variant="primary" type="submit" data-testid="ledger-entry-save" disabled={change.isPending}>
            {editing === "edit" ? "Save" : "Supersede"}
          </Button>
          <Button size="xs" onClick={() => setEditing(null)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="mt-1 flex flex-wrap gap-1">
          {listEntryActions(entry).map((action) => (
            <Button
              key={action}
              size="xs"
              data-testid={`ledger-${action}`}
              disabled={change.isPending}
              onClick={() => act(action)}
            >
              {LABEL[action]}
            </Button>
          ))}
          {entry.messageId !== null && entry.sessionId !== null && props.onJump ? (
            <Button size="xs" variant="ghost" data-testid="ledger-jump" onClick={() => props.onJump?.(entry)}>
              Jump to message #{entry.messageId}
            </Button>
          ) : null}
        </div>
      )}
      {change.error ? (
        <p role="alert" data-testid="ledger-entry-error" className="mt-1 text-red-700 dark:text-red-400">
          <TextWithCode text={change.error.message} />
        </p>
      ) : null}
    </li>
  );
}
