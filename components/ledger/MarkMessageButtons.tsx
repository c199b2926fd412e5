"use client";

import { useRef, useState, type ReactNode } from "react";
import { useRecordEntry } from "@/components/api/ledger-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import type { LedgerKind } from "@/lib/ledger/ledger-types.ts";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";

/**
 * "Decision" and "Task" under a message: record the text selected inside the message, or else the
 * whole message, in the worktree's ledger (with the message as its source). Shown on hover or focus,
 * so a long conversation is not lined with them. `children` is the message
 * body, so a selection is only taken from it.
 */
export function MarkMessageButtons(props: {
  session: { sessionId: string; repoId: string };
  messageId: number;
  text: string;
  children: ReactNode;
  className?: string;
}) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const record = useRecordEntry(props.session.repoId);
  const [done, setDone] = useState<string | null>(null);

  const mark = (kind: LedgerKind) => {
    const selection = typeof window === "undefined" ? null : window.getSelection();
    const selected =
      selection && bodyRef.current && selection.rangeCount > 0 && bodyRef.current.contains(selection.anchorNode)
        ? selection.toString().trim()
        : "";
    record.mutate(
      {
        kind,
        text: selected || props.text,
        via: selected ? "selection" : "message",
        sessionId: props.session.sessionId,
        messageId: props.messageId,
      },
      { onSuccess: (entry) => setDone(`Recorded as ${entry.kind} L${entry.id}.`) },
    );
  };

  return (
    <div className={`group/mark ${props.className ?? ""}`}>
      {/* Never wider than the message: a long line scrolls inside its own block instead. */}
      <div ref={bodyRef} className="min-w-0 max-w-full">
        {props.children}
      </div>
      {/* Quiet until wanted: shown when the pointer is over the message or a key reaches a button (always on touch screens). */}
      <div
        className={`mt-1 flex flex-wrap items-center gap-1.5 text-[11px] text-zinc-500 ${done || record.error ? "" : "[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:focus-within:opacity-100 [@media(hover:hover)]:group-hover/mark:opacity-100"}`}
        data-testid="mark-message"
        title="Records the text selected in this message, or the whole message, in the worktree's decisions and tasks"
      >
        <span>Mark as</span>
        <Button size="xs" data-testid="mark-decision" disabled={record.isPending} onClick={() => mark("decision")}>
          Decision
        </Button>
        <Button size="xs" data-testid="mark-task" disabled={record.isPending} onClick={() => mark("task")}>
          Task
        </Button>
        {done ? (
          <span role="status" data-testid="mark-result" className="text-emerald-700 dark:text-emerald-400">
            {done}
          </span>
        ) : null}
        {record.error ? (
          <span role="alert" data-testid="mark-error" className="text-red-700 dark:text-red-400">
            <TextWithCode text={record.error.message} />
          </span>
        ) : null}
      </div>
    </div>
  );
}
