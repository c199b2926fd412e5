"use client";

import { CreateWorktreeDialog, CreateWorktreeTrigger } from "./CreateWorktreeDialog.tsx";
import { NewWorktreeForm } from "./NewWorktreeForm.tsx";

/**
 * "New worktree…" in the worktree list's header: a new branch (named after the repository's rule)
 * from a base branch, in a folder next to the main worktree, set up as the repository asks. Its
 * chat opens once it exists.
 */
export function NewWorktreeButton(props: { repoId: string; onCreated: (worktreePath: string) => void }) {
  return (
    <CreateWorktreeTrigger
      label="New worktree…"
      title="Create a branch and its worktree"
      testId="worktree-new"
      dialog={(state) => (
        <CreateWorktreeDialog
          {...state}
          dialogTestId="new-worktree-dialog"
          onOpened={props.onCreated}
          form={(formProps) => <NewWorktreeForm repoId={props.repoId} {...formProps} />}
        />
      )}
    />
  );
}
