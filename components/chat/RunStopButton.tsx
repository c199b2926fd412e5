"use client";

import { Button } from "@/components/ui/Button.tsx";
import { useCancelRun } from "./use-chat-mutations.ts";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";

/** Stops a running answer or removes a queued one (POST /api/chat/cancel). */
export function RunStopButton({ runId, label, testId }: { runId: string; label: string; testId: string }) {
  const cancel = useCancelRun();
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        size="sm"
        data-testid={testId}
        disabled={cancel.isPending || cancel.isSuccess}
        onClick={() => cancel.mutate(runId)}
      >
        {cancel.isPending || cancel.isSuccess ? "Stopping…" : label}
      </Button>
      {cancel.error ? (
        <span role="alert" data-testid="cancel-error" className="text-xs text-red-700 dark:text-red-400">
          <TextWithCode text={cancel.error.message} />
        </span>
      ) : null}
    </span>
  );
}
