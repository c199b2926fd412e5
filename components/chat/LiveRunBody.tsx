"use client";

import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { WaitingCards } from "@/components/approvals/WaitingCards.tsx";
import type { LiveRun } from "@/components/realtime/live-run-types.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { describeApiRetry } from "./describe-api-retry.ts";
import { stripAnswerTags } from "@/components/ledger/answer-tags.ts";
import { Markdown } from "./Markdown.tsx";
import { RunPulseLine } from "./RunPulseLine.tsx";
import { RunStatusLine } from "./RunStatusLine.tsx";
import { isFailedStatus } from "./run-outcome.ts";
import { RunStopButton } from "./RunStopButton.tsx";
import { ToolCards } from "./ToolCards.tsx";
import { describeQueued } from "./queued-text.ts";

/**
 * The content of a live run: queue place, streamed tools and text, what the run waits on (cards to
 * answer), API retries, elapsed time and last activity (and a note after a long silence), the Stop button.
 */
export function LiveRunBody(props: {
  runId: string;
  live: LiveRun | null;
  storedText: string;
  session: { sessionId: string; repoId: string };
  approvals: ApprovalView[];
  activeApprovalId: string | null;
}) {
  const { live } = props;
  if (live?.status === "queued") {
    return (
      <div data-testid="queued-indicator" className="flex items-center gap-2 text-xs text-zinc-500">
        <Badge tone="zinc" size="md">
          queued
        </Badge>
        <span data-testid="queued-reason">{describeQueued(live)}</span>
        <RunStopButton runId={props.runId} label="Cancel" testId="cancel-queued" />
      </div>
    );
  }
  const text = live && (live.text || live.tools.length > 0) ? live.text : props.storedText;
  const finished = live?.finished ?? null;
  const isWaiting = props.approvals.some((approval) => approval.status === "pending");
  return (
    <div data-testid={finished ? "finished-answer" : "streaming-answer"}>
      <ToolCards tools={live?.tools ?? []} approvals={props.approvals} />
      {text ? <Markdown text={stripAnswerTags(text)} /> : null}
      <WaitingCards approvals={props.approvals} activeId={props.activeApprovalId} />
      {!text && !finished && !isWaiting ? (
        <p className="motion-safe:animate-pulse text-xs text-zinc-500">Claude is working…</p>
      ) : null}
      {live?.retry ? (
        <p data-testid="retry-progress" className="mt-1 text-xs text-amber-700 dark:text-amber-400">
          {describeApiRetry(live.retry)} — wait, or press Stop.
        </p>
      ) : null}
      {live?.notices.map((notice, index) => (
        <p key={index} data-testid="run-notice" className="mt-1 text-xs text-zinc-500">
          {notice}
        </p>
      ))}
      {finished && isFailedStatus(finished.status) ? (
        <RunStatusLine
          status={finished.status}
          errorMessage={finished.userMessage}
          runId={props.runId}
          isRetryable={false}
          session={props.session}
        />
      ) : null}
      {live && !finished ? <RunPulseLine run={live} /> : null}
      {!finished ? (
        <div className="mt-2">
          <RunStopButton runId={props.runId} label="Stop" testId="stop-button" />
        </div>
      ) : null}
    </div>
  );
}
