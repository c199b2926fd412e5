"use client";

import { useEffect, useMemo } from "react";
import { describeFailingChecks, type AttentionItem, type AttentionState } from "@/lib/chat/attention/attention.ts";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { Kbd } from "@/components/ui/Kbd.tsx";
import { formatRelativeTime } from "@/components/ui/relative-time.ts";
import { useAttention } from "./use-attention.ts";
import { VisibleName } from "@/components/ui/VisibleName.tsx";

const LOOK: Record<AttentionState, { label: string; tone: BadgeTone }> = {
  waiting: { label: "waiting for you", tone: "amber" },
  failed: { label: "failed", tone: "red" },
  checks_failed: { label: "checks failing", tone: "red" },
  unread: { label: "finished · unread", tone: "sky" },
  running: { label: "running", tone: "emerald" },
  queued: { label: "queued", tone: "zinc" },
  idle: { label: "idle", tone: "muted" },
};

const folderOf = (path: string) => path.split("/").filter(Boolean).at(-1) ?? path;

/**
 * Every worktree of every pinned repository, most in need of the user first (waiting, failed,
 * checks failing, unread, running, queued, idle). A click, or the keys 1–9, open one; a worktree
 * whose checks fail has a button that opens it with its Checks panel.
 */
export function AttentionView(props: {
  onOpen: (item: AttentionItem) => void;
  onOpenChecks: (item: AttentionItem) => void;
}) {
  const attention = useAttention();
  const items = useMemo(() => attention.data ?? [], [attention.data]);
  const { onOpen } = props;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || !/^[1-9]$/.test(event.key)) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      const item = items[Number(event.key) - 1];
      if (!item) return;
      event.preventDefault();
      onOpen(item);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [items, onOpen]);

  return (
    <section className="mx-auto w-full max-w-3xl overflow-y-auto p-4" data-testid="attention-view">
      <h2 className="mb-1 text-base font-semibold">What needs you</h2>
      <p className="mb-3 text-xs text-zinc-500">
        Every worktree with a conversation, in every pinned repository, most urgent first. Press 1–9 to open one.
      </p>
      {attention.error ? <ErrorNotice error={attention.error} /> : null}
      {attention.data && items.length === 0 ? (
        <p className="text-sm text-zinc-500" data-testid="attention-empty">
          No conversations yet. Pick a repository and a worktree, then send Claude a message.
        </p>
      ) : null}
      <ol className="space-y-1.5">
        {items.map((item, index) => (
          <li key={item.sessionId} className="flex items-stretch gap-1.5">
            <Button
              variant="bare"
              onClick={() => onOpen(item)}
              data-testid="attention-item"
              data-state={item.state}
              data-path={item.worktreePath}
              className="flex min-w-0 flex-1 items-start gap-3 rounded-md border border-zinc-200 px-3 py-2 text-left hover:bg-zinc-100 dark:border-zinc-800 dark:hover:bg-zinc-900"
            >
              {index < 9 ? <Kbd>{String(index + 1)}</Kbd> : <span className="w-4" />}
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2">
                  {item.planNode ? (
                    <span className="truncate text-sm font-medium" data-testid="attention-node-title">
                      <VisibleName name={item.planNode.title} />
                      <span className="font-normal text-zinc-500"> · plan </span>
                      <VisibleName className="font-normal text-zinc-500" name={item.planNode.planTitle} />
                    </span>
                  ) : (
                    <VisibleName className="truncate text-sm font-medium" name={folderOf(item.worktreePath)} />
                  )}
                  <span className="text-xs text-zinc-500">{item.repoLabel}</span>
                  <Badge tone={LOOK[item.state].tone} size="sm" data-testid="attention-state">
                    {LOOK[item.state].label}
                  </Badge>
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
                  <span className="block truncate text-xs text-red-700 dark:text-red-400">
                    {item.lastRun.errorMessage}
                  </span>
                ) : null}
                {item.failingChecks ? (
                  <span
                    className="block truncate text-xs text-red-700 dark:text-red-400"
                    data-testid="attention-checks"
                  >
                    {describeFailingChecks(item.failingChecks)}
                  </span>
                ) : null}
              </span>
              {item.lastRun ? (
                <span className="shrink-0 text-[11px] text-zinc-500">
                  {item.state === "running" && item.lastRun.startedAt
                    ? `started ${formatRelativeTime(item.lastRun.startedAt)}`
                    : item.lastRun.finishedAt
                      ? formatRelativeTime(item.lastRun.finishedAt)
                      : null}
                </span>
              ) : null}
            </Button>
            {item.failingChecks ? (
              <Button
                size="sm"
                onClick={() => props.onOpenChecks(item)}
                data-testid="attention-open-checks"
                title={`Open ${folderOf(item.worktreePath)} with its Checks panel`}
              >
                Checks
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
