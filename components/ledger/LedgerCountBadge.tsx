"use client";

import { Badge } from "@/components/ui/Badge.tsx";

/**
 * "3 decisions · 2 tasks" in force for a worktree (or the repository), and "4 proposed" waiting for the
 * user to confirm or dismiss; nothing when there are none.
 */
export function LedgerCountBadge(props: {
  counts: { decisions: number; openTasks: number; proposed?: number } | undefined;
}) {
  const counts = props.counts;
  const proposed = counts?.proposed ?? 0;
  if (!counts || counts.decisions + counts.openTasks + proposed === 0) return null;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  return (
    <>
      {counts.decisions + counts.openTasks > 0 ? (
        <Badge
          tone="violet"
          data-testid="ledger-count"
          data-decisions={counts.decisions}
          data-tasks={counts.openTasks}
          title="Decisions in force and open tasks recorded for this worktree; every prompt carries them"
        >
          {plural(counts.decisions, "decision")} · {plural(counts.openTasks, "task")}
        </Badge>
      ) : null}
      {proposed > 0 ? (
        <Badge
          tone="amber"
          data-testid="ledger-proposed-count"
          data-proposed={proposed}
          title="Captured by Arbor and not yet confirmed: open Decisions & tasks to confirm or dismiss them"
        >
          {proposed} proposed
        </Badge>
      ) : null}
    </>
  );
}
