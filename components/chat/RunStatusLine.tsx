"use client";

import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { labelOfStatus } from "./run-outcome.ts";
import { useRetryRun } from "./use-chat-mutations.ts";

/** Why an answer ended early, and a Retry button when running it again can help. */
export function RunStatusLine(props: {
  status: string;
  errorMessage: string | null;
  runId: string;
  isRetryable: boolean;
  session: { sessionId: string; repoId: string };
}) {
  const retry = useRetryRun(props.session);
  return (
    <div data-testid="run-status" data-status={props.status} className="mt-2 space-y-1 text-xs">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="red" size="md">
          {labelOfStatus(props.status)}
        </Badge>
        {props.errorMessage ? (
          <span className="text-zinc-700 dark:text-zinc-300" data-testid="run-error-message">
            {props.errorMessage}
          </span>
        ) : null}
        {props.isRetryable ? (
          <Button
            size="sm"
            data-testid="retry-button"
            disabled={retry.isPending}
            onClick={() => retry.mutate({ runId: props.runId })}
          >
            {retry.isPending ? "Retrying…" : "Retry"}
          </Button>
        ) : null}
      </div>
      {retry.error ? <ErrorNotice error={retry.error} testId="retry-error" /> : null}
    </div>
  );
}
