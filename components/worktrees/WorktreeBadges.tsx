"use client";

import type { WorktreeScan } from "@/lib/git/types.ts";

const badge = "rounded px-1.5 py-0.5 text-[11px] font-medium";

/** Compact state badges: dirty counts, upstream ahead/behind, locked/prunable/missing flags. */
export function WorktreeBadges({ worktree }: { worktree: WorktreeScan }) {
  const dirty = worktree.dirty;
  const upstream = worktree.upstream;
  const isClean = dirty !== null && dirty.staged + dirty.unstaged + dirty.untracked + dirty.conflicted === 0;
  return (
    <div className="flex flex-wrap gap-1" data-testid="worktree-badges">
      {worktree.isMissing ? (
        <span
          data-testid="badge-missing"
          className={`${badge} bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300`}
        >
          missing directory
        </span>
      ) : null}
      {isClean ? (
        <span
          data-testid="badge-clean"
          className={`${badge} bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300`}
        >
          clean
        </span>
      ) : null}
      {dirty && dirty.staged > 0 ? (
        <span
          data-testid="badge-staged"
          className={`${badge} bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300`}
        >
          {dirty.staged} staged
        </span>
      ) : null}
      {dirty && dirty.unstaged > 0 ? (
        <span
          data-testid="badge-unstaged"
          className={`${badge} bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300`}
        >
          {dirty.unstaged} unstaged
        </span>
      ) : null}
      {dirty && dirty.untracked > 0 ? (
        <span
          data-testid="badge-untracked"
          className={`${badge} bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}
        >
          {dirty.untracked} untracked
        </span>
      ) : null}
      {dirty && dirty.conflicted > 0 ? (
        <span
          data-testid="badge-conflicted"
          className={`${badge} bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300`}
        >
          {dirty.conflicted} conflicted
        </span>
      ) : null}
      {upstream ? (
        <span
          data-testid="badge-upstream"
          className={`${badge} bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300`}
          title={upstream.name}
        >
          {upstream.isGone ? `${upstream.name} (gone)` : `${upstream.name} ↑${upstream.ahead} ↓${upstream.behind}`}
        </span>
      ) : null}
      {worktree.isLocked ? (
        <span
          data-testid="badge-locked"
          className={`${badge} bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300`}
          title={worktree.lockReason ?? undefined}
        >
          locked
        </span>
      ) : null}
      {worktree.isPrunable ? (
        <span
          data-testid="badge-prunable"
          className={`${badge} bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300`}
          title={worktree.prunableReason ?? undefined}
        >
          prunable
        </span>
      ) : null}
    </div>
  );
}
