"use client";

import { describeFailingChecks, type AttentionItem, type AttentionState } from "@/lib/chat/attention/attention.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { formatUsd } from "@/lib/chat/costs/roll-up-costs.ts";
import { ApprovalCard } from "@/components/approvals/ApprovalCard.tsx";
import { useRepoProgress } from "@/components/api/worktrees-api.ts";
import { describeProgress } from "@/components/worktrees/progress-text.ts";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Kbd } from "@/components/ui/Kbd.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { VisibleName } from "@/components/ui/VisibleName.tsx";
import { attentionElapsed, attentionRowName } from "./attention-row-text.ts";

const LOOK: Record<AttentionState, { label: string; tone: BadgeTone }> = {
  waiting: { label: "waiting for you", tone: "amber" },
  failed: { label: "failed", tone: "red" },
  checks_failed: { label: "checks failing", tone: "red" },
  unread: { label: "finished · unread", tone: "sky" },
  running: { label: "running", tone: "emerald" },
  queued: { label: "queued", tone: "zinc" },
  idle: { label: "idle", tone: "muted" },
};

/**
 * One agent in the control room: named by its plan node or branch, its repository, its state with
 * how long it has been in it, its last activity, lines changed and cost so far, and what it waits for. The requests it waits on
 * are the chat's own cards, answered here with the same buttons, keys and checks; the selected
 * row's first card answers to A and D.
 */
export function AttentionRow(props: {
  item: AttentionItem;
  index: number;
  isSelected: boolean;
  waitingOn: ApprovalView[];
  now: number;
  onOpen: (item: AttentionItem) => void;
  onOpenChecks: (item: AttentionItem) => void;
  onSelect: (index: number) => void;
}) {
  const { item } = props;
  const elapsed = attentionElapsed({ item, waitingSince: props.waitingOn[0]?.createdAt ?? null, now: props.now });
  const lastActivity = item.lastRun?.finishedAt ?? item.lastRun?.startedAt ?? null;
  const progress = useRepoProgress(item.repoId).data;
  const counts = progress?.worktrees.find((entry) => entry.worktreePath === item.worktreePath);
  const lines = progress?.base && counts ? describeProgress(counts, progress.base) : null;
  return (
    <li
      data-testid="attention-row"
      data-selected={props.isSelected}
      aria-current={props.isSelected ? "true" : undefined}
      onFocusCapture={() => props.onSelect(props.index)}
      className={`rounded-md border ${props.isSelected ? "border-emerald-500 ring-1 ring-emerald-400 dark:border-emerald-600" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      <div className="flex items-stretch gap-1.5">
        <Button
          variant="bare"
          onClick={() => props.onOpen(item)}
          data-testid="attention-item"
          data-state={item.state}
          data-path={item.worktreePath}
          className="flex min-h-11 min-w-0 flex-1 items-start gap-3 rounded-md px-3 py-2 text-left hover:bg-zinc-100 dark:hover:bg-zinc-900"
        >
          {props.index < 9 ? <Kbd>{String(props.index + 1)}</Kbd> : <span className="w-4" />}
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-2">
              <VisibleName
                className="truncate text-sm font-medium"
                name={attentionRowName(item)}
                testId="attention-name"
              />
              {item.planNode ? (
                <span className="text-xs text-zinc-500" data-testid="attention-node-title">
                  plan <VisibleName name={item.planNode.planTitle} />
                  {item.branch ? <> · {item.branch}</> : null}
                </span>
              ) : null}
              <span className="text-xs text-zinc-500">{item.repoLabel}</span>
              <Badge tone={LOOK[item.state].tone} size="sm" data-testid="attention-state">
                {LOOK[item.state].label}
              </Badge>
              {elapsed ? (
                <span className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400" data-testid="attention-elapsed">
                  {elapsed}
                </span>
              ) : null}
            </span>
            <span className="block truncate font-mono text-[11px] text-zinc-500">{item.worktreePath}</span>
            {item.planNode ? (
              <span
                data-testid="attention-node-state"
                data-needs-user={item.planNode.needsUser}
                className={`block truncate text-xs ${item.planNode.needsUser ? "font-medium text-amber-800 dark:text-amber-300" : "text-zinc-600 dark:text-zinc-400"}`}
              >
                Plan node: <VisibleName name={item.planNode.description} />
              </span>
            ) : null}
            {item.state === "failed" && item.lastRun?.errorMessage ? (
              <span className="block truncate text-xs text-red-700 dark:text-red-400">{item.lastRun.errorMessage}</span>
            ) : null}
            {item.failingChecks ? (
              <span className="block truncate text-xs text-red-700 dark:text-red-400" data-testid="attention-checks">
                {describeFailingChecks(item.failingChecks)}
              </span>
            ) : null}
          </span>
          <span className="flex shrink-0 flex-col items-end gap-0.5 text-[11px] text-zinc-500">
            {lastActivity ? (
              <span data-testid="attention-last-activity">{formatRelativeTime(lastActivity)}</span>
            ) : null}
            {lines ? (
              <span className="font-mono" data-testid="attention-lines" title={lines.title}>
                {lines.lines}
              </span>
            ) : null}
            {item.costUsd ? (
              <span
                className="tabular-nums"
                data-testid="attention-cost"
                title="What this conversation's runs cost so far"
              >
                {formatUsd(item.costUsd)}
              </span>
            ) : null}
          </span>
        </Button>
        {item.failingChecks ? (
          <Button
            size="sm"
            onClick={() => props.onOpenChecks(item)}
            data-testid="attention-open-checks"
            title={`Open ${attentionRowName(item)} with its Checks panel`}
          >
            Checks
          </Button>
        ) : null}
      </div>
      {props.waitingOn.length > 0 ? (
        <div className="px-3 pb-2" data-testid="attention-waiting">
          {props.waitingOn.map((approval, index) => (
            <ApprovalCard key={approval.id} approval={approval} isActive={props.isSelected && index === 0} />
          ))}
        </div>
      ) : null}
    </li>
  );
}
