"use client";

import type { WorktreeScan } from "@/lib/git/types.ts";
import { Badge } from "@/components/ui/Badge.tsx";

/** Compact state badges: a stopped rebase or merge, landed, dirty counts, upstream ahead/behind, locked/prunable/missing flags. */
export function WorktreeBadges({ worktree }: { worktree: WorktreeScan }) {
  const dirty = worktree.dirty;
  const upstream = worktree.upstream;
  const isClean = dirty !== null && dirty.staged + dirty.unstaged + dirty.untracked + dirty.conflicted === 0;
  return (
    <div className="flex flex-wrap gap-1" data-testid="worktree-badges">
      {worktree.isMissing ? (
        <Badge tone="red" data-testid="badge-missing">
          missing directory
        </Badge>
      ) : null}
      {worktree.operation ? (
        <Badge tone="red" data-testid="badge-operation" title="Stopped half way; see the button below">
          {worktree.operation} in progress
        </Badge>
      ) : null}
      {worktree.mergedInto ? (
        <Badge tone="sky" data-testid="badge-merged" title={`Everything on this branch is in ${worktree.mergedInto}`}>
          merged into {worktree.mergedInto}
        </Badge>
      ) : null}
      {isClean ? (
        <Badge tone="emerald" data-testid="badge-clean">
          clean
        </Badge>
      ) : null}
      {dirty && dirty.staged > 0 ? (
        <Badge tone="sky" data-testid="badge-staged">
          {dirty.staged} staged
        </Badge>
      ) : null}
      {dirty && dirty.unstaged > 0 ? (
        <Badge tone="amber" data-testid="badge-unstaged">
          {dirty.unstaged} unstaged
        </Badge>
      ) : null}
      {dirty && dirty.untracked > 0 ? (
        <Badge tone="zinc" data-testid="badge-untracked">
          {dirty.untracked} untracked
        </Badge>
      ) : null}
      {dirty && dirty.conflicted > 0 ? (
        <Badge tone="red" data-testid="badge-conflicted">
          {dirty.conflicted} conflicted
        </Badge>
      ) : null}
      {upstream ? (
        <Badge tone="muted" data-testid="badge-upstream" title={upstream.name}>
          {upstream.isGone ? `${upstream.name} (gone)` : `${upstream.name} ↑${upstream.ahead} ↓${upstream.behind}`}
        </Badge>
      ) : null}
      {worktree.isLocked ? (
        <Badge tone="violet" data-testid="badge-locked" title={worktree.lockReason ?? undefined}>
          locked
        </Badge>
      ) : null}
      {worktree.isPrunable ? (
        <Badge tone="orange" data-testid="badge-prunable" title={worktree.prunableReason ?? undefined}>
          prunable
        </Badge>
      ) : null}
    </div>
  );
}
