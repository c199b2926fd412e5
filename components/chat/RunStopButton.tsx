"use client";

import { useCancelRun } from "./use-chat-mutations.ts";

/** Stops a running answer or removes a queued one (POST /api/chat/cancel). */
export function RunStopButton({ runId, label, testId }: { runId: string; label: string; testId: string }) {
  const cancel = useCancelRun();
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        data-testid={testId}
        disabled={cancel.isPending || cancel.isSuccess}
        onClick={() => cancel.mutate(runId)}
        className="rounded-md border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {cancel.isPending || cancel.isSuccess ? "Stopping…" : label}
      </button>
      {cancel.error ? (
        <span role="alert" data-testid="cancel-error" className="text-xs text-red-700 dark:text-red-400">
          {cancel.error.message}
        </span>
      ) : null}
    </span>
  );
}
