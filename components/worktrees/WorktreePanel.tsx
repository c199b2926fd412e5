"use client";

import { useRepoCosts } from "@/components/api/costs-api.ts";
import { RepoCostsButton } from "./RepoCostsButton.tsx";

import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import type { WorktreeScan } from "@/lib/git/types.ts";
import type { PinView } from "@/lib/pins/pin-types.ts";
import { useWorktrees } from "@/components/api/pins-api.ts";
import { useRepoProgress } from "@/components/api/worktrees-api.ts";
import { useWatchWorktrees } from "@/components/realtime/use-watch-worktrees.ts";
import { useLedgerCounts, type LedgerEntryView } from "@/components/api/ledger-api.ts";
import { LedgerCountBadge } from "@/components/ledger/LedgerCountBadge.tsx";
import { LedgerPanel } from "@/components/ledger/LedgerPanel.tsx";
import { LedgerToggle } from "@/components/ledger/LedgerToggle.tsx";
import { invalidateRepoScans, useDashboard } from "@/components/api/plans-api.ts";
import { filterWorktreeWarnings, listShownWarnings } from "@/components/design/node-warnings.ts";
import { useRepoActivity } from "@/components/realtime/use-repo-activity.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { TrustStateButton } from "@/components/trust/TrustStateButton.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { NewTaskButton } from "./NewTaskButton.tsx";
import { NewWorktreeButton } from "./NewWorktreeButton.tsx";
import { TidyUpButton } from "./TidyUpButton.tsx";
import { useFocusAfterRemoval } from "./use-focus-after-removal.ts";
import { WorktreeActivityBadge } from "./WorktreeActivityBadge.tsx";
import { WorktreeRow } from "./WorktreeRow.tsx";
import { useWorktreeKeys } from "./use-worktree-keys.ts";

/**
 * The selected repository's worktrees, rescanned from git every time they are shown, each with
 * where it differs from the design tree (the dashboard's query, shared with the centre pane).
 */
export function WorktreePanel(props: {
  pin: PinView;
  planId: string | null;
  selectedPath: string | null;
  onOpen: (worktree: WorktreeScan) => void;
  /** Opens a worktree's chat by path (a worktree just created may not be in this scan yet). */
  onOpenPath: (worktreePath: string) => void;
  onOpenDashboard: () => void;
  onJumpToEntry?: (entry: LedgerEntryView) => void;
}) {
  const client = useQueryClient();
  const scan = useWorktrees(props.pin.repoId);
  const progress = useRepoProgress(props.pin.repoId, props.pin.owner.isLocal);
  const progressByPath = new Map(progress.data?.worktrees.map((item) => [item.worktreePath, item]));
  useWatchWorktrees({
    repoId: props.pin.repoId,
    paths: props.pin.owner.isLocal
      ? (scan.data?.worktrees ?? []).filter((worktree) => !worktree.isMissing).map((worktree) => worktree.path)
      : [],
  });
  const dashboard = useDashboard({ repoId: props.pin.repoId, planId: props.planId });
  const divergence = dashboard.data ? listShownWarnings(dashboard.data) : [];
  const activity = useRepoActivity(props.pin.repoId);
  const activityByPath = new Map((activity.data ?? []).map((item) => [item.worktreePath, item]));
  const ledgerCounts = useLedgerCounts(props.pin.repoId);
  const countsByPath = new Map((ledgerCounts.data?.worktrees ?? []).map((item) => [item.worktreePath, item]));
  const [isLedgerOpen, setLedgerOpen] = useState(false);
  const costs = useRepoCosts(props.pin.repoId);
  const listRef = useRef<HTMLUListElement>(null);
  const paths = useMemo(() => (scan.data?.worktrees ?? []).map((worktree) => worktree.path), [scan.data]);
  const keepFocus = useFocusAfterRemoval(listRef, paths);
  const openable = useMemo(
    () =>
      (scan.data?.worktrees ?? []).map((worktree) => (worktree.isMissing || worktree.isBare ? null : worktree.path)),
    [scan.data],
  );
  const worktreeKeys = useWorktreeKeys({
    listRef,
    paths: openable,
    selectedPath: props.selectedPath,
    onOpenPath: props.onOpenPath,
  });
  return (
    <section
      className="flex h-full w-full shrink-0 flex-col border-r border-zinc-200 md:w-80 xl:w-96 dark:border-zinc-800"
      data-testid="worktree-panel"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <div className="min-w-40 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <h2 className="truncate text-sm font-semibold">{props.pin.label ?? props.pin.repoName}</h2>
            {props.pin.owner.isLocal ? (
              <TrustStateButton repoId={props.pin.repoId} repoName={props.pin.label ?? props.pin.repoName} />
            ) : (
              <Badge
                tone="sky"
                className="min-w-0 max-w-40 truncate whitespace-nowrap"
                data-testid="repo-owner"
                title={`Its worktrees are on ${props.pin.owner.hostName}. You chat, answer, stop and open conversations here; Arbor "${props.pin.owner.label}" runs them there, with its own trust and permission rules.`}
              >
                on {props.pin.owner.label}
              </Badge>
            )}
          </div>
          <p className="text-[11px] text-zinc-500">
            {scan.data
              ? `scanned ${formatRelativeTime(scan.data.scannedAt)} · ${scan.data.worktrees.length} worktrees`
              : "scanning…"}
            {costs.data && costs.data.totalUsd > 0 ? <RepoCostsButton costs={costs.data} /> : null}
          </p>
        </div>
        {props.selectedPath !== null ? (
          <Button
            data-testid="open-dashboard"
            onClick={props.onOpenDashboard}
            title="Show the branches and the design tree"
          >
            Tree
          </Button>
        ) : null}
        {props.pin.owner.isLocal ? (
          <NewTaskButton
            repoId={props.pin.repoId}
            plan={dashboard.data?.plan ? { id: dashboard.data.plan.id, title: dashboard.data.plan.title } : null}
            onStarted={props.onOpenPath}
          />
        ) : null}
        {props.pin.owner.isLocal ? <NewWorktreeButton repoId={props.pin.repoId} onCreated={props.onOpenPath} /> : null}
        {props.pin.owner.isLocal ? <TidyUpButton repoId={props.pin.repoId} /> : null}
        <LedgerToggle isOn={isLedgerOpen} onChange={setLedgerOpen} />
        <Button
          data-testid="worktrees-refresh"
          onClick={() => invalidateRepoScans(client, props.pin.repoId)}
          disabled={scan.isFetching}
        >
          {scan.isFetching ? "Scanning…" : "Rescan"}
        </Button>
      </header>
      {isLedgerOpen ? (
        <>
          <p className="px-4 pt-2 text-[11px] text-zinc-500" data-testid="ledger-repo-counts">
            Whole repository: <LedgerCountBadge counts={ledgerCounts.data?.repo} />
          </p>
          <LedgerPanel key={props.pin.repoId} repoId={props.pin.repoId} onJump={props.onJumpToEntry} />
        </>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {scan.error ? <ErrorNotice error={scan.error} testId="worktrees-error" /> : null}
        {scan.data ? (
          <ul
            ref={listRef}
            {...keepFocus}
            onKeyDown={worktreeKeys.onKeyDown}
            id="worktree-list"
            aria-label="Worktrees (j/k or ↑/↓ to move, Alt+↑/↓ to open the previous or next anywhere)"
            className="space-y-2"
            data-testid="worktree-list"
          >
            {scan.data.worktrees.map((worktree) => (
              <WorktreeRow
                key={worktree.path}
                worktree={worktree}
                repoId={props.pin.repoId}
                isRemote={!props.pin.owner.isLocal}
                isSelected={worktree.path === props.selectedPath}
                onOpen={props.onOpen}
                progress={
                  progress.data?.base
                    ? { base: progress.data.base, counts: progressByPath.get(worktree.path) ?? null }
                    : undefined
                }
                divergence={filterWorktreeWarnings({ warnings: divergence, worktreePath: worktree.path })}
                activity={
                  <>
                    <LedgerCountBadge counts={countsByPath.get(worktree.path)} />{" "}
                    <WorktreeActivityBadge
                      activity={activityByPath.get(worktree.path)}
                      isOpen={worktree.path === props.selectedPath}
                    />
                  </>
                }
              />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
