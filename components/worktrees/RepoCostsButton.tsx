"use client";

import { useId, useRef, useState } from "react";
import { formatUsd, type RepoCosts } from "@/lib/chat/costs/roll-up-costs.ts";
import { useDismiss } from "@/components/ui/use-dismiss.ts";
import { folderName } from "@/components/ui/folder-name.ts";

const TOP_WORKTREES = 5;

/**
 * "$1.20 today" in the repository's header; pressed, what its agents cost over the last 14 days: a
 * bar per day (the user's days) and the worktrees that cost the most.
 */
export function RepoCostsButton({ costs }: { costs: RepoCosts }) {
  const [isOpen, setOpen] = useState(false);
  const container = useRef<HTMLSpanElement>(null);
  const popupId = useId();
  useDismiss({ isOpen, container, onDismiss: () => setOpen(false) });
  const highest = Math.max(...costs.byDay.map((day) => day.usd), 0);
  const top = [...costs.byWorktree].sort((a, b) => b.totalUsd - a.totalUsd).slice(0, TOP_WORKTREES);
  const windowUsd = costs.byDay.reduce((sum, day) => sum + day.usd, 0);
  return (
    <span ref={container} className="relative">
      {" · "}
      <button
        type="button"
        data-testid="repo-costs"
        aria-expanded={isOpen}
        aria-controls={isOpen ? popupId : undefined}
        title={`${formatUsd(costs.totalUsd)} in all: show the cost per day`}
        onClick={() => setOpen((open) => !open)}
        className="underline decoration-dotted underline-offset-2 hover:text-zinc-800 dark:hover:text-zinc-200"
      >
        {formatUsd(costs.todayUsd)} today
      </button>
      {isOpen ? (
        <div
          id={popupId}
          role="dialog"
          aria-label="Costs per day"
          data-testid="repo-costs-chart"
          className="absolute left-0 top-full z-40 mt-1 w-72 max-w-[calc(100vw-1.5rem)] rounded-lg border border-zinc-200 bg-white p-3 text-xs text-zinc-700 shadow-xl dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
        >
          <p className="mb-2 font-semibold">
            {formatUsd(windowUsd)} in the last {costs.byDay.length} days · {formatUsd(costs.totalUsd)} in all
          </p>
          <ol className="flex h-24 items-end gap-0.5" aria-label="Cost per day, oldest first">
            {costs.byDay.map((day) => (
              <li
                key={day.day}
                data-testid="repo-costs-day"
                data-day={day.day}
                data-usd={day.usd}
                title={`${day.day}: ${formatUsd(day.usd)}`}
                aria-label={`${day.day}: ${formatUsd(day.usd)}`}
                className="flex h-full flex-1 items-end"
              >
                <span
                  className="w-full rounded-t-sm bg-emerald-500 dark:bg-emerald-400"
                  style={{ height: highest > 0 && day.usd > 0 ? `${Math.max(4, (day.usd / highest) * 100)}%` : "1px" }}
                />
              </li>
            ))}
          </ol>
          <p className="mt-1 flex justify-between text-[10px] text-zinc-500">
            <span>{costs.byDay[0]?.day}</span>
            <span>today</span>
          </p>
          {top.length > 0 ? (
            <ul className="mt-2 space-y-0.5" aria-label="Worktrees that cost the most">
              {top.map((entry) => (
                <li key={entry.worktreePath} className="flex justify-between gap-2" title={entry.worktreePath}>
                  <span className="truncate font-mono text-[11px]">{folderName(entry.worktreePath)}</span>
                  <span className="shrink-0 tabular-nums">
                    {formatUsd(entry.totalUsd)} · {entry.runs} {entry.runs === 1 ? "run" : "runs"}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </span>
  );
}
