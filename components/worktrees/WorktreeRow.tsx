"use client";

import { useState } from "react";
import type { DivergenceWarning } from "@/lib/design/types.ts";
import type { BranchProgress } from "@/lib/git/types.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { DivergenceItem } from "@/components/design/DivergenceItem.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { TextWithCode } from "@/components/ui/TextWithCode.tsx";
import { LandButton } from "./LandButton.tsx";
import { OperationButton } from "./OperationPanel.tsx";
import { ProgressBadge } from "./ProgressBadge.tsx";
import { RemoveWorktreeButton, RemoveWorktreeDialog } from "./RemoveWorktreeButton.tsx";
import { ShipActions } from "./ShipActions.tsx";
import { WorktreeBadges } from "./WorktreeBadges.tsx";
import { WorktreeChecksBadge } from "@/components/checks/WorktreeChecksBadge.tsx";
import { VisibleName } from "@/components/ui/VisibleName.tsx";

/** One worktree: where it is, what it is on, its state, its warnings and where it differs from the design. */
export function WorktreeRow(props: {
  worktree: WorktreeScan;
  isSelected: boolean;
  onOpen: (worktree: WorktreeScan) => void;
  activity?: React.ReactNode;
  divergence?: DivergenceWarning[];
  /** Its commits and lines against the default branch (null: nothing to compare), when read. */
  progress?: { base: string; counts: BranchProgress | null };
  /** Offers "Remove…" on a linked worktree (never the main one). */
  repoId?: string;
  /** Another instance holds it: its git actions (push, land, remove…) are that instance's. */
  isRemote?: boolean;
}) {
  const { worktree } = props;
  const canManage = Boolean(props.repoId) && !props.isRemote;
  const [isRemoveOpen, setRemoveOpen] = useState(false);
  const canOpen = !worktree.isMissing && !worktree.isBare;
  return (
    <li
      data-testid="worktree-row"
      data-path={worktree.path}
      data-branch={worktree.branch ?? ""}
      data-selected={props.isSelected}
      className={`group rounded-md border px-3 py-2 ${props.isSelected ? "border-emerald-500 bg-emerald-50 dark:bg-emerald-950/30" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      <Button
        variant="bare"
        data-testid="worktree-open"
        disabled={!canOpen}
        onClick={() => props.onOpen(worktree)}
        className="w-full text-left"
      >
        <div className="flex items-start gap-2">
          {/* A long branch wraps rather than being cut: "feat/checkout-…" would hide which agent it is. */}
          <VisibleName
            className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere]"
            testId="worktree-branch"
            name={worktree.isDetached ? (worktree.rebasingBranch ?? "detached HEAD") : (worktree.branch ?? "(bare)")}
          />
          {worktree.isDetached && worktree.rebasingBranch ? (
            <span
              className="shrink-0 text-[10px] uppercase text-red-700 dark:text-red-400"
              data-testid="worktree-rebasing"
            >
              rebasing
            </span>
          ) : null}
          {worktree.isMain ? <span className="text-[10px] uppercase text-zinc-500">main</span> : null}
          <span className="ml-auto shrink-0">{props.activity}</span>
        </div>
        <div className="truncate font-mono text-[11px] text-zinc-500" title={worktree.path} data-testid="worktree-path">
          {worktree.path}
        </div>
        {worktree.head ? (
          <div className="truncate text-xs text-zinc-600 dark:text-zinc-400" data-testid="worktree-head">
            <span className="font-mono">{worktree.head.shortSha}</span> {worktree.head.subject}{" "}
            <span className="text-zinc-500">· {formatRelativeTime(worktree.head.committedAt)}</span>
          </div>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-1">
          <WorktreeBadges worktree={worktree} />
          {props.progress?.counts ? <ProgressBadge base={props.progress.base} counts={props.progress.counts} /> : null}
          {props.repoId && canOpen ? <WorktreeChecksBadge repoId={props.repoId} worktreePath={worktree.path} /> : null}
        </div>
      </Button>
      {props.repoId && canManage && canOpen && worktree.operation ? (
        <div className="mt-1 flex justify-end gap-2">
          <OperationButton repoId={props.repoId} worktree={worktree} />
        </div>
      ) : null}
      {props.repoId && canManage && canOpen && !worktree.isMain ? (
        // The open worktree's actions are shown; another card's when pointed at or reached by Tab (and
        // while one of its dialogs is open), so cards stay short enough for ten agents to fit on a screen.
        // Folded away as screen readers' text, not removed: Tab and a dialog's closing can still focus them.
        <div
          data-testid="worktree-actions"
          className={
            props.isSelected
              ? undefined
              : "sr-only group-focus-within:not-sr-only group-hover:not-sr-only [&:has(dialog[open])]:not-sr-only"
          }
        >
          <div className="mt-1 flex flex-wrap items-center justify-end gap-2">
            {worktree.branch && !worktree.isDetached ? <ShipActions repoId={props.repoId} worktree={worktree} /> : null}
            {(worktree.branch && !worktree.isDetached) || worktree.operation === "rebase" ? (
              <LandButton
                repoId={props.repoId}
                worktree={worktree}
                onOpenChat={() => props.onOpen(worktree)}
                onOfferRemoval={() => setRemoveOpen(true)}
              />
            ) : null}
            <RemoveWorktreeButton repoId={props.repoId} worktree={worktree} />
          </div>
        </div>
      ) : null}
      {props.repoId && canManage && worktree.isMissing && !worktree.isMain && !worktree.isBare ? (
        <div className="mt-1 flex justify-end">
          {/* Its folder is gone: removing forgets git's record of it and archives its conversation. */}
          <RemoveWorktreeButton repoId={props.repoId} worktree={worktree} />
        </div>
      ) : null}
      {props.repoId && isRemoveOpen ? (
        <RemoveWorktreeDialog repoId={props.repoId} worktree={worktree} onClose={() => setRemoveOpen(false)} />
      ) : null}
      {worktree.warnings.length > 0 ? (
        <ul className="mt-1 space-y-0.5" data-testid="worktree-warnings">
          {worktree.warnings.map((warning) => (
            <li
              key={warning.code}
              data-testid="worktree-warning"
              data-code={warning.code}
              className="text-xs text-amber-700 dark:text-amber-400"
            >
              ⚠ <TextWithCode text={warning.message} />
            </li>
          ))}
        </ul>
      ) : null}
      {props.divergence && props.divergence.length > 0 ? (
        <ul className="mt-1 space-y-0.5" data-testid="worktree-divergences">
          {props.divergence.map((warning) => (
            <DivergenceItem key={warning.code} warning={warning} place="worktree" />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
