"use client";

import { Button } from "@/components/ui/Button.tsx";

/** The warning that stands before Bypass: what Claude could then do, and that Arbor never turns it on by itself. */
export function BypassConfirm(props: { isBusy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div
      role="alert"
      data-testid="bypass-warning"
      className="mx-1 mb-1 mt-1.5 space-y-1.5 rounded-md border border-red-300 bg-red-50 p-2 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
    >
      <p className="font-semibold">Bypass turns every permission check off.</p>
      <p>
        Claude will run any command, edit or delete any file and reach the network in this worktree without asking you,
        until you switch back. Use it only for work you can throw away. Arbor never turns it on by itself.
      </p>
      <div className="flex gap-2">
        <Button
          variant="danger"
          size="md"
          disabled={props.isBusy}
          onClick={props.onConfirm}
          data-testid="bypass-confirm"
        >
          Turn on Bypass
        </Button>
        <Button size="md" onClick={props.onCancel} data-testid="bypass-cancel">
          Keep the current mode
        </Button>
      </div>
    </div>
  );
}
