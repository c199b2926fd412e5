"use client";

import { useId, useState, type ReactNode } from "react";
import type { CreatedWorktree } from "@/lib/worktrees/worktree-types.ts";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { SetupReportView } from "./SetupReportView.tsx";

/** What a form inside the dialog is given: where its heading is, and how to report back. */
export type CreateWorktreeFormProps = {
  headingId: string;
  onCancel: () => void;
  /** Creating (and setting up) is under way: the dialog must not close and lose its outcome. */
  onBusyChange: (isBusy: boolean) => void;
  onCreated: (created: CreatedWorktree) => void;
};

/**
 * The dialog shared by "New worktree…" and "New task…" (from its button or the command palette):
 * the form makes a worktree; when its setup copied files or ran its command, the dialog then shows
 * how that went, and closing it opens the worktree's chat. While git and the setup run, Escape does
 * not close it.
 */
export function CreateWorktreeDialog(props: {
  isOpen: boolean;
  onClose: () => void;
  dialogTestId: string;
  onOpened: (worktreePath: string) => void;
  form: (formProps: CreateWorktreeFormProps) => ReactNode;
}) {
  const [created, setCreated] = useState<CreatedWorktree | null>(null);
  const [isBusy, setBusy] = useState(false);
  const headingId = useId();
  const { onClose } = props;
  const finish = (worktreePath: string) => {
    onClose();
    setCreated(null);
    props.onOpened(worktreePath);
  };
  return (
    <Dialog
      isOpen={props.isOpen}
      onCancel={() => (created ? finish(created.worktreePath) : isBusy ? undefined : onClose())}
      labelledBy={headingId}
      testId={props.dialogTestId}
      className="max-w-xl"
    >
      {created ? (
        <SetupReportView created={created} headingId={headingId} onDone={() => finish(created.worktreePath)} />
      ) : (
        props.form({
          headingId,
          onCancel: onClose,
          onBusyChange: setBusy,
          onCreated: (result) =>
            result.setup.copies.length === 0 && result.setup.command === null
              ? finish(result.worktreePath)
              : setCreated(result),
        })
      )}
    </Dialog>
  );
}

/** A header button that opens a create dialog. */
export function CreateWorktreeTrigger(props: {
  label: string;
  title: string;
  isPrimary?: boolean;
  testId: string;
  dialog: (state: { isOpen: boolean; onClose: () => void }) => ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={props.isPrimary ? "primary" : undefined}
        data-testid={props.testId}
        onClick={() => setOpen(true)}
        title={props.title}
      >
        {props.label}
      </Button>
      {props.dialog({ isOpen, onClose: () => setOpen(false) })}
    </>
  );
}
