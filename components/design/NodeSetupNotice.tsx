"use client";

import { useNodeSetupProblems } from "@/components/api/plans-api.ts";
import { Button } from "@/components/ui/Button.tsx";

/** On a design node's card: what of its new worktree's setup needs the user, until dismissed. */
export function NodeSetupNotice(props: { planId: string; slug: string }) {
  const { notice, dismiss } = useNodeSetupProblems(props);
  if (!notice) return null;
  return (
    <div
      role="alert"
      className="mt-1.5 flex items-start gap-2 text-[11px] text-amber-800 dark:text-amber-300"
      data-testid="node-setup-problems"
    >
      <p className="min-w-0 flex-1 break-words">
        {notice.branch} was created, but its setup needs you: {notice.problems.join(" ")}
      </p>
      <Button size="sm" onClick={dismiss} data-testid="node-setup-dismiss">
        Dismiss
      </Button>
    </div>
  );
}
