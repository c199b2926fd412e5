"use client";

import type { LiveRun } from "@/components/realtime/live-run-types.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { describeApiRetry } from "./describe-api-retry.ts";
import { stripAnswerTags } from "@/components/ledger/answer-tags.ts";
import { Markdown } from "./Markdown.tsx";
import { RunStatusLine } from "./RunStatusLine.tsx";
import { isFailedStatus } from "./run-outcome.ts";
import { RunStopButton } from "./RunStopButton.tsx";
import { ToolCards } from "./ToolCards.tsx";

/** The content of a live run: queue place, streamed tools and text, API retries, the Stop button. */
export function LiveRunBody(props: {
  runId: string;
  live: LiveRun | null;
  storedText: string;
  session: { sessionId: string; repoId: string };
}) {
  const { live } = props;
  if (live?.status === "queued") {
    return (
      <div data-testid="queued-indicator" className="flex items-center gap-2 text-xs text-zinc-500">
        <Badge tone="zinc" size="md">
          queued
        </Badge>
        <span>
          {live.queuedPosition !== null
            ? `#${live.queuedPosition} in line — starts when a running answer ends`
            : "waiting for a free slot"}
        </span>
        <RunStopButton runId={props.runId} label="Cancel" testId="cancel-queued" />
      </div>
    );
  }
  const text = live && (live.text || live.tools.length > 0) ? live.text : props.storedText;
  const finished = live?.finished ?? null;
  return (
    <div data-testid={finished ? "finished-answer" : "streaming-answer"}>
      <ToolCards tools={live?.tools ?? []} />
      {text ? <Markdown text={stripAnswerTags(text)} /> : null}
      {!text && !finished ? (
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
      {!finished ? (
        <div className="mt-2">
          <RunStopButton runId={props.runId} label="Stop" testId="stop-button" />
        </div>
      ) : null}
    </div>
  );
}
