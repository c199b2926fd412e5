"use client";

import Link from "next/link";
import { useFixChecks, useRunChecks, useWorktreeChecks } from "@/components/api/checks-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import type { CheckSkipReason } from "@/lib/realtime/check-views.ts";
import { AutoFixSwitch } from "./AutoFixSwitch.tsx";
import { CheckRunItem } from "./CheckRunItem.tsx";
import { CheckStatusBadge } from "./CheckStatusBadge.tsx";

/**
 * The Checks panel beside the chat: the overall result, each check's latest run with its output
 * (live while it runs), "Run checks", "Fix with Claude" when one failed and the switch that does it
 * automatically; when the checks cannot run, why and where to change that.
 */
export function ChecksPanel(props: {
  worktree: { repoId: string; worktreePath: string };
  sessionId: string;
  isReadOnly: boolean;
}) {
  const checks = useWorktreeChecks(props.worktree);
  const run = useRunChecks(props.worktree);
  const fix = useFixChecks(props.sessionId);
  const view = checks.data;
  const hasFailure = view?.checks.some((check) => check.status === "failed" || check.status === "timed_out") ?? false;
  return (
    <aside
      data-testid="checks-panel"
      data-status={view?.status}
      className="flex w-full min-w-0 flex-col gap-2 overflow-auto border-l border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-800 dark:bg-zinc-950"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">Checks</h2>
        {view ? <CheckStatusBadge status={view.status} data-testid="checks-status" /> : null}
        <div className="ml-auto flex gap-2">
          <Button
            size="sm"
            data-testid="checks-run"
            disabled={run.isPending || view?.reason?.code === "no_checks"}
            onClick={() => run.mutate()}
          >
            {run.isPending ? "Starting…" : "Run checks"}
          </Button>
          {hasFailure && !props.isReadOnly ? (
            <Button
              size="sm"
              variant="primary"
              data-testid="checks-fix"
              disabled={fix.isPending || view?.status === "running"}
              onClick={() => fix.mutate()}
              title="Send the failing checks' commands and output to Claude as the next message"
            >
              {fix.isPending ? "Sending…" : "Fix with Claude"}
            </Button>
          ) : null}
        </div>
      </div>
      {checks.error ? <ErrorNotice error={checks.error} testId="checks-error" /> : null}
      {run.error ? <ErrorNotice error={run.error} testId="checks-run-error" /> : null}
      {fix.error ? <ErrorNotice error={fix.error} testId="checks-fix-error" /> : null}
      {view?.reason ? <ReasonNotice reason={view.reason} repoId={props.worktree.repoId} /> : null}
      {view && !view.reason ? (
        <AutoFixSwitch
          worktree={props.worktree}
          autoFix={view.autoFix}
          isFailing={hasFailure}
          isReadOnly={props.isReadOnly}
        />
      ) : null}
      {view && view.checks.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {view.checks.map((check) => (
            <CheckRunItem key={check.name} run={check} />
          ))}
        </ul>
      ) : null}
      {view && view.checks.length === 0 && !view.reason ? (
        <p className="text-sm text-zinc-500">No check has run in this worktree yet.</p>
      ) : null}
      {!view && !checks.error ? <p className="text-sm text-zinc-500">Loading…</p> : null}
    </aside>
  );
}

function ReasonNotice({ reason, repoId }: { reason: CheckSkipReason; repoId: string }) {
  return (
    <div
      data-testid="checks-reason"
      data-code={reason.code}
      className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      <p>{reason.message}</p>
      {reason.code === "no_checks" ? (
        <Link
          className="mt-1 inline-block underline"
          data-testid="checks-settings-link"
          href={`/settings?from=${encodeURIComponent(`?repo=${repoId}`)}#repo-checks`}
        >
          Set the checks in Settings
        </Link>
      ) : null}
    </div>
  );
}
