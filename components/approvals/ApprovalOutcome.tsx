"use client";

import type { ApprovalStatus, ApprovalView } from "@/lib/realtime/approval-view.ts";
import { describeAnsweredBy } from "./answerer-label.ts";
import { describeApprovalRequest } from "./approval-text.ts";

const LOOK: Record<ApprovalStatus, { icon: string; tone: string }> = {
  pending: { icon: "…", tone: "text-amber-700 dark:text-amber-400" },
  allowed: { icon: "✓", tone: "text-emerald-700 dark:text-emerald-400" },
  denied: { icon: "✕", tone: "text-red-700 dark:text-red-400" },
  expired: { icon: "⏱", tone: "text-amber-700 dark:text-amber-400" },
  withdrawn: { icon: "–", tone: "text-zinc-500" },
  closed: { icon: "–", tone: "text-zinc-500" },
};

/** An answered (or timed-out, withdrawn, closed) request in one line: how it ended, what it was, who answered. */
export function ApprovalOutcome(props: { approval: ApprovalView; ownLabel: string | null; showSubject?: boolean }) {
  const { approval } = props;
  const look = LOOK[approval.status];
  const who = describeAnsweredBy({ answeredBy: approval.answeredBy, ownLabel: props.ownLabel });
  return (
    <p
      data-testid="approval-outcome"
      data-approval-id={approval.id}
      data-status={approval.status}
      className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 py-0.5 text-[11px] text-zinc-600 dark:text-zinc-400"
    >
      <span aria-hidden className={look.tone}>
        {look.icon}
      </span>
      <span className={`shrink-0 font-medium ${look.tone}`} data-testid="approval-outcome-text">
        {approval.outcome ?? approval.status}
      </span>
      {props.showSubject === false ? null : (
        <span className="min-w-0 truncate font-mono" title={describeApprovalRequest(approval)}>
          {describeApprovalRequest(approval)}
        </span>
      )}
      {who ? (
        <span className="min-w-0 break-words" data-testid="approval-answered-by">
          · by {who}
        </span>
      ) : null}
    </p>
  );
}
