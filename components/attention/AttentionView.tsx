"use client";

import { useEffect, useMemo, useState } from "react";
import type { AttentionItem } from "@/lib/chat/attention/attention.ts";
import { usePendingApprovals } from "@/components/api/approvals-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { listStep } from "@/components/ui/list-keys.ts";
import { useNow } from "@/components/ui/use-now.ts";
import { PlanRunPanel } from "@/components/design/PlanRunPanel.tsx";
import { VisibleName } from "@/components/ui/VisibleName.tsx";
import { AttentionRow } from "./AttentionRow.tsx";
import { useAttention } from "./use-attention.ts";

/**
 * The control room: every agent (a worktree with a conversation) of every pinned repository, most
 * in need of the user first (waiting, failed, checks failing, unread, running, queued, idle), each
 * with what it waits for, answered in place. Keys: j/k or the arrows move, Enter or 1–9 open, A/D
 * answer the selected row's request; a worktree whose checks fail opens with its Checks panel.
 * Under the agents, the board of each plan run they belong to.
 */
export function AttentionView(props: {
  onOpen: (item: { repoId: string; worktreePath: string }) => void;
  onOpenChecks: (item: AttentionItem) => void;
}) {
  const attention = useAttention();
  const items = useMemo(() => attention.data ?? [], [attention.data]);
  const pending = usePendingApprovals().data;
  const waitingOn = useMemo(() => {
    const bySession = new Map<string, NonNullable<typeof pending>>();
    for (const approval of pending ?? []) {
      if (approval.status !== "pending") continue;
      bySession.set(approval.sessionId, [...(bySession.get(approval.sessionId) ?? []), approval]);
    }
    return bySession;
  }, [pending]);
  const plans = useMemo(() => plansOf(items), [items]);
  const now = useNow();
  const [selected, setSelected] = useState(0);
  const current = Math.min(selected, Math.max(0, items.length - 1));
  const { onOpen } = props;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true'], dialog[open]")) return;
      const move = listStep(event.key);
      if (move !== 0 && items.length > 0) {
        event.preventDefault();
        const next = Math.min(items.length - 1, Math.max(0, current + move));
        setSelected(next);
        document.querySelectorAll<HTMLElement>('[data-testid="attention-item"]')[next]?.focus();
        return;
      }
      const opened =
        event.key === "Enter" && target?.closest("button, a") === null
          ? items[current]
          : /^[1-9]$/.test(event.key)
            ? items[Number(event.key) - 1]
            : undefined;
      if (!opened) return;
      event.preventDefault();
      onOpen(opened);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [items, current, onOpen]);

  return (
    <section className="mx-auto w-full max-w-3xl overflow-y-auto p-4" data-testid="attention-view">
      <h2 className="mb-1 text-base font-semibold">What needs you</h2>
      <p className="mb-3 text-xs text-zinc-500">
        Every agent in every pinned repository, most urgent first; answer what they ask right here. Keys: j/k or ↑/↓ to
        move, Enter or 1–9 to open, A to allow once, D to deny with a message.
      </p>
      {attention.error ? <ErrorNotice error={attention.error} /> : null}
      {attention.data && items.length === 0 ? (
        <p className="text-sm text-zinc-500" data-testid="attention-empty">
          No conversations yet. Pick a repository and a worktree, then send Claude a message.
        </p>
      ) : null}
      <ol className="space-y-1.5" aria-label="Agents, most urgent first">
        {items.map((item, index) => (
          <AttentionRow
            key={item.sessionId}
            item={item}
            index={index}
            isSelected={index === current}
            waitingOn={waitingOn.get(item.sessionId) ?? []}
            now={now}
            onOpen={onOpen}
            onOpenChecks={props.onOpenChecks}
            onSelect={setSelected}
          />
        ))}
      </ol>
      {plans.length > 0 ? (
        <section className="mt-6 space-y-4" data-testid="attention-plans" aria-labelledby="attention-plans-title">
          <h2 id="attention-plans-title" className="text-base font-semibold">
            Plan runs
          </h2>
          {plans.map((plan) => (
            <div key={plan.planId} data-testid="attention-plan" data-plan-id={plan.planId}>
              <p className="mb-1 text-xs text-zinc-500">
                {plan.repoLabel} · plan <VisibleName name={plan.planTitle} />
              </p>
              <PlanRunPanel
                repoId={plan.repoId}
                planId={plan.planId}
                isBoardOnly
                onOpenWorktree={(worktreePath, repoId) => onOpen({ repoId: repoId ?? plan.repoId, worktreePath })}
              />
            </div>
          ))}
        </section>
      ) : null}
    </section>
  );
}

/** The plans whose nodes have agents in the list, once each, in the list's order. */
function plansOf(items: AttentionItem[]): { planId: string; planTitle: string; repoId: string; repoLabel: string }[] {
  const seen = new Map<string, { planId: string; planTitle: string; repoId: string; repoLabel: string }>();
  for (const item of items) {
    if (item.planNode && !seen.has(item.planNode.planId)) {
      seen.set(item.planNode.planId, {
        planId: item.planNode.planId,
        planTitle: item.planNode.planTitle,
        repoId: item.repoId,
        repoLabel: item.repoLabel,
      });
    }
  }
  return [...seen.values()];
}
