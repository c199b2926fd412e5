"use client";

import { useNodeSetupProblems, useNodeSetupRunning } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";
import { SetupRunningOnceStarted } from "@/components/worktrees/SetupRunning.tsx";
import { VisibleName } from "@/components/ui/VisibleName.tsx";

/**
 * On a design node's card, its new worktree's setup: the command's output live with Stop setup
 * while "Create branch and worktree" runs, then what of it needs the user, until dismissed.
 */
export function NodeSetupNotice(props: { repoId: string; planId: string; slug: string }) {
  const runningSetupId = useNodeSetupRunning(props);
  const { notice, dismiss } = useNodeSetupProblems(props);
  return (
    <>
      {runningSetupId ? (
        <div className="mt-1.5 space-y-1 text-xs">
          <SetupRunningOnceStarted repoId={props.repoId} setupId={runningSetupId} />
        </div>
      ) : null}
      {notice ? (
        <div
          role="alert"
          className="mt-1.5 flex items-start gap-2 text-[11px] text-amber-800 dark:text-amber-300"
          data-testid="node-setup-problems"
        >
          <p className="min-w-0 flex-1 break-words">
            <VisibleName name={notice.branch} /> was created, but its setup needs you: {notice.problems.join(" ")}
          </p>
          <Button size="sm" onClick={dismiss} data-testid="node-setup-dismiss">
            Dismiss
          </Button>
        </div>
      ) : null}
    </>
  );
}
