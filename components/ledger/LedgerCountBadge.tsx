"use client";

import { Badge } from "@/components/ui/Badge.tsx";

/** "3 decisions · 2 tasks" in force for a worktree (or the repository); nothing when there are none. */
export function LedgerCountBadge(props: { counts: { decisions: number; openTasks: number } | undefined }) {
  const counts = props.counts;
  if (!counts || counts.decisions + counts.openTasks === 0) return null;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  return (
    <Badge
      tone="violet"
      data-testid="ledger-count"
      data-decisions={counts.decisions}
      data-tasks={counts.openTasks}
      title="Decisions in force and open tasks recorded for this worktree; every prompt carries them"
    >
      {plural(counts.decisions, "decision")} · {plural(counts.openTasks, "task")}
    </Badge>
  );
}
