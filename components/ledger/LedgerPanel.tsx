"use client";

import { useState, type FormEvent } from "react";
import {
  useConfirmEntries,
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
 * repository's); without, the whole repository's. Proposals (what Arbor captured, not yet in force) are
 * confirmed or dismissed one by one or all at once. Filter by status, kind and words; add, edit, close,
 * reopen, supersede, undo; jump to the message an entry came from.
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
  const confirmAll = useConfirmEntries(props.repoId);
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
  const proposals = list.filter((entry) => entry.status === "proposed");
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
          <option value="open">In force, open and proposed</option>
          <option value="proposed">Proposed only</option>
          <option value="closed">Closed and dismissed</option>
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
      {proposals.length > 0 ? (
        <div
          className="flex items-center gap-2 rounded-md bg-amber-50 px-2 py-1 dark:bg-amber-950/40"
          data-testid="ledger-proposals"
        >
          <span className="mr-auto">
            {proposals.length} proposed {proposals.length === 1 ? "entry waits" : "entries wait"} for you: Claude is
            told about {proposals.length === 1 ? "it" : "them"}, but not as decided.
          </span>
          <Button
            size="xs"
            data-testid="ledger-confirm-all"
            disabled={confirmAll.isPending}
            onClick={() => confirmAll.mutate(proposals.map((entry) => entry.id))}
          >
            Confirm all {proposals.length}
          </Button>
        </div>
      ) : null}
      {confirmAll.error ? <ErrorNotice error={confirmAll.error} testId="ledger-confirm-all-error" /> : null}
      {confirmAll.data && confirmAll.data.skipped.length > 0 ? (
        <ErrorNotice
          error={`${confirmAll.data.skipped.length} were not confirmed: ${confirmAll.data.skipped.map((item) => `L${item.id} (${item.reason})`).join("; ")}`}
          testId="ledger-confirm-all-skipped"
        />
      ) : null}
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
