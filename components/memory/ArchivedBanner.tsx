"use client";

import { Button } from "@/components/ui/Button.tsx";

/** Shown instead of the composer on an archived conversation. */
export function ArchivedBanner(props: { onOpenCurrent: () => void }) {
  return (
    <div
      data-testid="archived-banner"
      className="border-t border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-3">
        <span className="font-semibold">Archived — read-only</span>
        <span className="text-xs">
          New messages go to the worktree&apos;s current conversation, which carries this one&apos;s summary.
        </span>
        <Button
          variant="bare"
          size="sm"
          data-testid="open-active-session"
          onClick={props.onOpenCurrent}
          className="ml-auto rounded-md border border-amber-400 hover:bg-amber-100 dark:border-amber-700 dark:hover:bg-amber-900/40"
        >
          Open the current conversation
        </Button>
      </div>
    </div>
  );
}

/** Shown instead of the composer on the conversation of a worktree that was removed. */
export function RemovedWorktreeBanner(props: { worktreePath: string }) {
  return (
    <div
      data-testid="removed-worktree-banner"
      className="border-t border-zinc-300 bg-zinc-100 px-4 py-2 text-sm text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
    >
      <div className="mx-auto max-w-3xl">
        <span className="font-semibold">Worktree removed — read-only.</span>{" "}
        <span className="text-xs">
          <span className="break-all font-mono">{props.worktreePath}</span> is gone; its conversation, decisions and
          tasks are kept here. Start new work from the worktree list (New worktree… or New task…).
        </span>
      </div>
    </div>
  );
}
