"use client";

import { useEffect, useId, useState } from "react";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { OperationState } from "@/lib/worktrees/worktree-types.ts";
import { useAbortOperation, useOperationState } from "@/components/api/worktrees-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { revealHiddenText } from "@/lib/worktrees/conflicts/reveal-hidden-text.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

/**
 * A rebase or merge stopped half way in a worktree (a land by rebase, or the user's in a terminal):
 * which branch, onto what, at which commit, the conflicting files; the worktree stays as git left it
 * until the user aborts here or finishes in a terminal.
 */
export function OperationPanel(props: { repoId: string; state: OperationState; onAborted?: () => void }) {
  const { state } = props;
  const abort = useAbortOperation(props.repoId);
  // Abort resets every file of the worktree, the ones the user resolved too: it asks first.
  const [isConfirming, setConfirming] = useState(false);
  const what = state.operation === "rebase" ? "rebase" : state.operation;
  return (
    <div
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-xs dark:border-amber-800 dark:bg-amber-950/40"
      data-testid="operation-panel"
      data-operation={state.operation}
    >
      <p className="font-medium">
        {state.operation === "rebase"
          ? `A rebase of ${state.branch ?? "this branch"}${state.onto ? ` onto ${state.onto.sha}` : ""} stopped`
          : `A ${what} is in progress`}
        {state.step !== null && state.total !== null ? ` (step ${state.step} of ${state.total})` : ""}.
      </p>
      {state.stoppedAt ? (
        <p data-testid="operation-stopped-at">
          Stopped at <span className="font-mono">{state.stoppedAt.sha}</span>{" "}
          {revealHiddenText(state.stoppedAt.subject)}
        </p>
      ) : null}
      {state.operation !== "rebase" && state.onto ? (
        <p>
          Merging <span className="font-mono">{state.onto.sha}</span> {revealHiddenText(state.onto.subject)}
        </p>
      ) : null}
      {state.conflictingFiles.length > 0 ? (
        <>
          <p>Conflicting files:</p>
          <ul className="list-disc pl-5 font-mono" data-testid="operation-files">
            {state.conflictingFiles.map((file, index) => (
              <li key={`${index}\0${file}`} className="break-all">
                {revealHiddenText(file)}
              </li>
            ))}
          </ul>
          {state.conflictingFileCount > state.conflictingFiles.length ? (
            <p>
              … and {state.conflictingFileCount - state.conflictingFiles.length} more (
              <code>git diff --name-only --diff-filter=U</code> lists them all).
            </p>
          ) : null}
        </>
      ) : null}
      <p className="text-zinc-600 dark:text-zinc-400">
        {state.operation === "rebase"
          ? "The worktree is as git left it; Claude does not run in it meanwhile."
          : "The worktree is as git left it; Claude can run in it, to resolve the files (to abort, first stop Claude's run there or let it finish)."}{" "}
        {state.conflictingFiles.length > 0 ? "Resolve the files" : "Fix what stopped it"} and run{" "}
        <code>git {what} --continue</code> in a terminal, or abort to put it back as it was.
      </p>
      {abort.error ? <ErrorNotice error={abort.error} testId="operation-abort-error" /> : null}
      {isConfirming ? (
        <div
          role="group"
          aria-label={`Abort the ${what}?`}
          className="space-y-2 rounded border border-red-300 bg-white p-2 dark:border-red-800 dark:bg-zinc-900"
          data-testid="operation-abort-confirm"
        >
          <p>
            Abort the {what}? Every file the {what} touched goes back to how it was before it started, files you already
            resolved included: nothing of the resolution is kept.
          </p>
          <div className="flex justify-end gap-2">
            <Button disabled={abort.isPending} onClick={() => setConfirming(false)} data-testid="operation-abort-keep">
              Keep it
            </Button>
            <Button
              variant="danger"
              disabled={abort.isPending}
              onClick={() =>
                abort.mutate({ worktreePath: state.worktreePath }, { onSuccess: () => props.onAborted?.() })
              }
              data-testid="operation-abort-yes"
            >
              {abort.isPending ? "Aborting…" : `Yes, abort the ${what}`}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex justify-end">
          <Button variant="danger" onClick={() => setConfirming(true)} data-testid="operation-abort">
            Abort the {what}…
          </Button>
        </div>
      )}
    </div>
  );
}

/** On a worktree row while a rebase or merge is stopped in it: opens the state, with Abort. */
export function OperationButton(props: { repoId: string; worktree: WorktreeScan }) {
  const [isOpen, setOpen] = useState(false);
  const read = useOperationState(props.repoId);
  const headingId = useId();
  const { mutate } = read;
  const worktreePath = props.worktree.path;
  useEffect(() => {
    if (isOpen) mutate({ worktreePath });
  }, [isOpen, mutate, worktreePath]);
  const label = props.worktree.operation === "rebase" ? "Rebase stopped…" : "Merge in progress…";
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="worktree-operation">
        {props.worktree.operation === "rebase" || props.worktree.operation === "merge"
          ? label
          : "Operation in progress…"}
      </Button>
      <Dialog
        isOpen={isOpen}
        onCancel={() => setOpen(false)}
        labelledBy={headingId}
        testId="operation-dialog"
        className="max-w-lg"
      >
        <div className="space-y-3 p-4 text-xs">
          <h2 id={headingId} className="text-sm font-semibold">
            {props.worktree.operation === "rebase" ? "Rebase stopped" : "In progress"} in{" "}
            <span className="break-all font-mono">{props.worktree.path}</span>
          </h2>
          {read.isPending ? <p className="text-zinc-500">Reading the git dir…</p> : null}
          {read.error ? <ErrorNotice error={read.error} /> : null}
          {read.data ? (
            <OperationPanel repoId={props.repoId} state={read.data} onAborted={() => setOpen(false)} />
          ) : null}
          {read.data === null ? <p>Nothing is in progress any more.</p> : null}
          <div className="flex justify-end">
            <Button onClick={() => setOpen(false)}>Close</Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
