"use client";

import type { CiCheck, CiCheckState, PullRequestCi, ReviewState } from "@/lib/worktrees/ship-types.ts";
import { useFixCiCheck } from "@/components/api/ship-api.ts";
import { Badge, type BadgeTone } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";

const STATE_TONE: Record<CiCheckState, BadgeTone> = {
  failed: "red",
  running: "amber",
  unknown: "zinc",
  cancelled: "muted",
  passed: "emerald",
  skipped: "muted",
};

const REVIEW: Record<ReviewState, { label: string; tone: BadgeTone } | null> = {
  approved: { label: "approved", tone: "emerald" },
  changes_requested: { label: "changes requested", tone: "red" },
  review_required: { label: "review required", tone: "amber" },
  unknown: { label: "review unknown", tone: "zinc" },
  none: null,
};

/**
 * The pull request's CI checks and review state, folded into one line ("CI: 1 failed, 3 passed")
 * that opens into the list, failed first, each linking to its page; a failed one offers "Fix with
 * Claude". Opening it asks gh once (`onOpen`); nothing polls.
 */
export function PullRequestChecks(props: {
  repoId: string;
  worktreePath: string;
  ci: PullRequestCi;
  isRefreshing: boolean;
  onOpen: () => void;
}) {
  const { ci } = props;
  const fix = useFixCiCheck(props.repoId, props.worktreePath);
  const review = REVIEW[ci.review];
  if (ci.checks.length === 0 && !review && !ci.problem) return null;
  return (
    <details
      className="text-xs"
      data-testid="pr-checks"
      onToggle={(event) => {
        if (event.currentTarget.open) props.onOpen();
      }}
    >
      <summary className="cursor-pointer select-none" data-testid="pr-checks-summary">
        {summarize(ci.checks)}
        {review ? (
          <Badge tone={review.tone} className="ml-1" data-testid="pr-review">
            {review.label}
          </Badge>
        ) : null}
      </summary>
      <div className="mt-1 flex flex-col gap-1" aria-busy={props.isRefreshing}>
        <ul className="flex flex-col gap-1">
          {ci.checks.map((check, index) => (
            <CheckLine
              key={`${check.name}-${index}`}
              check={check}
              isFixing={fix.isPending && fix.variables === check.name}
              onFix={() => fix.mutate(check.name)}
            />
          ))}
        </ul>
        {ci.problem ? <p className="text-zinc-500">Some of gh&apos;s answer could not be read: {ci.problem}</p> : null}
        {fix.error ? <ErrorNotice error={fix.error} testId="pr-check-fix-error" /> : null}
        {fix.data ? (
          <p role="status" data-testid="pr-check-fix-sent" className="text-emerald-700 dark:text-emerald-400">
            Sent to Claude in this worktree&apos;s conversation.
          </p>
        ) : null}
        <Button
          size="sm"
          className="self-start"
          data-testid="pr-checks-refresh"
          disabled={props.isRefreshing}
          onClick={props.onOpen}
        >
          {props.isRefreshing ? "Refreshing…" : "Refresh"}
        </Button>
      </div>
    </details>
  );
}

function CheckLine(props: { check: CiCheck; isFixing: boolean; onFix: () => void }) {
  const { check } = props;
  return (
    <li className="flex items-center gap-2" data-testid="pr-check" data-state={check.state}>
      <Badge tone={STATE_TONE[check.state]}>{check.state}</Badge>
      {check.url ? (
        <a href={check.url} target="_blank" rel="noreferrer" className="underline">
          {check.workflow ? `${check.workflow} / ${check.name}` : check.name}
        </a>
      ) : (
        <span>{check.workflow ? `${check.workflow} / ${check.name}` : check.name}</span>
      )}
      {check.state === "failed" ? (
        <Button size="sm" data-testid="pr-check-fix" disabled={props.isFixing} onClick={props.onFix}>
          {props.isFixing ? "Sending…" : "Fix with Claude"}
        </Button>
      ) : null}
    </li>
  );
}

function summarize(checks: readonly CiCheck[]): string {
  if (checks.length === 0) return "CI: no checks";
  const counts = new Map<CiCheckState, number>();
  for (const check of checks) counts.set(check.state, (counts.get(check.state) ?? 0) + 1);
  return `CI: ${[...counts].map(([state, count]) => `${count} ${state}`).join(", ")}`;
}
