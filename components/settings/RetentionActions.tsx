"use client";

import { useRepoRetention } from "@/components/api/settings-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

/**
 * Retention for one repository: the saved limits are applied hourly; here the user sees first
 * what they would delete, and can delete it now.
 */
export function RetentionActions(props: { repoId: string }) {
  const retention = useRepoRetention(props.repoId);
  const outcome = retention.data;
  const canDelete =
    outcome !== undefined && !outcome.applied && (outcome.result.hookEvents > 0 || outcome.result.relays > 0);
  return (
    <div className="mt-4 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-testid="retention-actions">
      <p className="text-sm font-medium">Retention</p>
      <p className="mt-1 text-xs text-zinc-500">
        Saved limits are applied every hour. Events and relays of Arbor&apos;s runs, and anything the ledger or a topic
        log refers to, are always kept.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={retention.isPending}
          onClick={() => retention.mutate(false)}
          data-testid="retention-preview"
        >
          Preview what the saved limits delete
        </Button>
        {canDelete ? (
          <Button
            size="sm"
            variant="danger"
            disabled={retention.isPending}
            onClick={() => retention.mutate(true)}
            data-testid="retention-apply"
          >
            Delete now
          </Button>
        ) : null}
      </div>
      {outcome ? (
        <p className="mt-2 text-sm" role="status" data-testid="retention-outcome">
          {outcome.message}
        </p>
      ) : null}
      {retention.error ? <ErrorNotice error={retention.error} testId="retention-error" /> : null}
    </div>
  );
}
