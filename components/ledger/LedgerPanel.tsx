"use client";

import { useState, type FormEvent } from "react";
import {
  useLedgerEntries,
  useRecordEntry,
  type LedgerEntryView,
  type LedgerFilter,
} from "@/components/api/ledger-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Select, TextInput } from "@/components/ui/FormFields.tsx";
import type { LedgerKind } from "@/lib/ledger/ledger-types.ts";
import { LedgerEntryItem } from "./LedgerEntryItem.tsx";

/**
 * "Decisions & tasks": the ledger every prompt carries. For a worktree (`worktreePath`, from its
 * conversation `sessionId`) it lists what applies there (its own entries, its node's, its plan's and the
 * repository's); without, the whole repository's. Filter by status, kind and words; add, edit, close,
 * reopen, supersede; jump to the message an entry came from.
 */
export function LedgerPanel(props: {
  repoId: string;
  worktreePath?: string;
  sessionId?: string;
  onJump?: (entry: LedgerEntryView) => void;
}) {
  const [filter, setFilter] = useState<LedgerFilter>({
    worktreePath: props.worktreePath,
    status: "open",
    query: "",
  });
  const entries = useLedgerEntries(props.repoId, { ...filter, worktreePath: props.worktreePath });
  const record = useRecordEntry(props.repoId);
  const [kind, setKind] = useState<LedgerKind>("decision");
  const [text, setText] = useState("");
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === "") return;
    record.mutate(
      props.sessionId
        ? { kind, text, via: "panel", sessionId: props.sessionId }
        : { kind, text, via: "panel", repoId: props.repoId },
      { onSuccess: () => setText("") },
    );
  };
  const list = entries.data ?? [];
  return (
    <section
      data-testid="ledger-panel"
      data-scope={props.worktreePath ? "worktree" : "repo"}
      className="space-y-2 border-b border-zinc-200 px-4 py-2 text-xs dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <h3 className="mr-auto text-sm font-semibold">Decisions &amp; tasks</h3>
        <Select
          size="sm"
          aria-label="Status"
          data-testid="ledger-filter-status"
          value={filter.status}
          onChange={(event) => setFilter({ ...filter, status: event.target.value as LedgerFilter["status"] })}
        >
          <option value="open">In force / open</option>
          <option value="closed">Closed</option>
          <option value="all">All</option>
        </Select>
        <Select
          size="sm"
          aria-label="Kind"
          data-testid="ledger-filter-kind"
          value={filter.kind ?? ""}
          onChange={(event) =>
            setFilter({ ...filter, kind: event.target.value ? (event.target.value as LedgerKind) : undefined })
          }
        >
          <option value="">Decisions and tasks</option>
          <option value="decision">Decisions</option>
          <option value="task">Tasks</option>
        </Select>
        <TextInput
          size="sm"
          aria-label="Search the ledger"
          placeholder="Search…"
          data-testid="ledger-filter-query"
          value={filter.query}
          onChange={(event) => setFilter({ ...filter, query: event.target.value })}
        />
      </div>
      <form onSubmit={add} className="flex gap-1.5">
        <Select
          size="sm"
          aria-label="New entry kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as LedgerKind)}
        >
          <option value="decision">Decision</option>
          <option value="task">Task</option>
        </Select>
        <TextInput
          size="sm"
          aria-label="New decision or task"
          data-testid="ledger-new-text"
          placeholder={props.sessionId ? "For this worktree…" : "For the whole repository…"}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="min-w-0 flex-1"
        />
        <Button size="xs" variant="primary" type="submit" data-testid="ledger-add" disabled={record.isPending}>
          Add
        </Button>
      </form>
      {record.error ? <ErrorNotice error={record.error} testId="ledger-add-error" /> : null}
      {entries.error ? <ErrorNotice error={entries.error} testId="ledger-error" /> : null}
      {entries.isSuccess && list.length === 0 ? (
        <p className="text-zinc-500" data-testid="ledger-empty">
          Nothing here. Record a decision or a task with /decide or /todo in the message box, by marking a message, or
          above.
        </p>
      ) : null}
      <ul className="max-h-72 space-y-1.5 overflow-y-auto" data-testid="ledger-list">
        {list.map((entry) => (
          <LedgerEntryItem key={entry.id} entry={entry} sessionId={props.sessionId} onJump={props.onJump} />
        ))}
      </ul>
    </section>
  );
}
