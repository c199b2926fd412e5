"use client";

import { useId, useState } from "react";
import type { CreatedWorktree } from "@/lib/worktrees/worktree-types.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { NewWorktreeForm } from "./NewWorktreeForm.tsx";
import { SetupReportView } from "./SetupReportView.tsx";

/**
 * "New worktree…" in the worktree list's header: a new branch (named after the repository's rule)
 * from a base branch, in a folder next to the main worktree, set up as the repository asks. Its
 * chat opens once it exists; when the setup copied files or ran (or skipped) its command, the
 * dialog first shows what happened, and closing it opens the chat.
 */
export function NewWorktreeButton(props: { repoId: string; onCreated: (worktreePath: string) => void }) {
  const [isOpen, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedWorktree | null>(null);
  // While git and the setup run, Escape does not close the dialog: their outcome would be lost.
  const [isBusy, setBusy] = useState(false);
  const headingId = useId();
  const finish = (worktreePath: string) => {
    setOpen(false);
    setCreated(null);
    props.onCreated(worktreePath);
  };
  return (
    <>
      <Button data-testid="worktree-new" onClick={() => setOpen(true)} title="Create a branch and its worktree">
        New worktree…
      </Button>
      <Dialog
        isOpen={isOpen}
        onCancel={() => (created ? finish(created.worktreePath) : isBusy ? undefined : setOpen(false))}
        labelledBy={headingId}
        testId="new-worktree-dialog"
        className="max-w-xl"
      >
        {created ? (
          <SetupReportView created={created} headingId={headingId} onDone={() => finish(created.worktreePath)} />
        ) : (
          <NewWorktreeForm
            repoId={props.repoId}
            headingId={headingId}
            onCancel={() => setOpen(false)}
            onBusyChange={setBusy}
            onCreated={(result) =>
              result.setup.copies.length === 0 && result.setup.command === null
                ? finish(result.worktreePath)
                : setCreated(result)
            }
          />
        )}
      </Dialog>
    </>
  );
}
