"use client";

import { HooksInstallPanel } from "@/components/timeline/HooksInstallPanel.tsx";
import { WorktreeTimeline } from "@/components/timeline/WorktreeTimeline.tsx";

/** One worktree: installing its hooks, importing its history, and its live timeline. */
export function WorktreeLogsView({ repoId, worktreePath }: { repoId: string; worktreePath: string }) {
  return (
    <div className="space-y-4">
      <p className="truncate font-mono text-xs text-zinc-500" data-testid="logs-worktree-path" title={worktreePath}>
        {worktreePath}
      </p>
      <HooksInstallPanel repoId={repoId} worktreePath={worktreePath} />
      <WorktreeTimeline repoId={repoId} worktreePath={worktreePath} />
    </div>
  );
}
