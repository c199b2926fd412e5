"use client";

import { describeToolInput } from "@/lib/agent/describe-tool-input.ts";
import type { RelayView } from "@/lib/hook-events/hook-event-view.ts";
import { excerptText } from "./event-look.ts";
import { formatClock } from "./format-clock.ts";
import { OriginBadge } from "./OriginBadge.tsx";

/** A prompt and what Claude did about it in another session of this worktree, read from its transcript. */
export function RelayCard({ relay }: { relay: RelayView }) {
  return (
    <article
      data-testid="timeline-relay"
      data-session={relay.sessionId}
      className="rounded-lg border border-sky-200 bg-sky-50/60 px-3 py-2 text-xs dark:border-sky-900 dark:bg-sky-950/40"
    >
      <header className="mb-1 flex items-center gap-2 text-[10px] text-zinc-500">
        <span className="font-semibold uppercase tracking-wide text-sky-700 dark:text-sky-400">
          Session {relay.sessionId.slice(0, 8)}
        </span>
        <OriginBadge isArborRun={relay.isArborRun} />
        {relay.model ? <span className="font-mono">{relay.model}</span> : null}
        {relay.startedAt ? (
          <time className="ml-auto font-mono" dateTime={relay.startedAt}>
            {formatClock(relay.startedAt)}
          </time>
        ) : null}
      </header>
      <p data-testid="relay-prompt" className="whitespace-pre-wrap break-words font-medium">
        {excerptText(relay.userText, 400)}
      </p>
      {relay.toolCalls.length > 0 ? (
        <ul className="mt-1 space-y-0.5">
          {relay.toolCalls.map((tool) => (
            <li
              key={tool.id}
              data-testid="relay-tool"
              data-tool={tool.name}
              className="flex min-w-0 gap-2 font-mono text-[11px]"
            >
              <span className="shrink-0 font-semibold">{tool.name}</span>
              <span className="min-w-0 flex-1 truncate text-zinc-600 dark:text-zinc-400">
                {describeToolInput({ toolName: tool.name, input: tool.input, withSearchPath: true })}
              </span>
              {tool.result?.isError ? <span className="shrink-0 text-red-600 dark:text-red-400">error</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {relay.assistantText ? (
        <p data-testid="relay-answer" className="mt-1 whitespace-pre-wrap break-words text-zinc-700 dark:text-zinc-300">
          {excerptText(relay.assistantText, 600)}
        </p>
      ) : null}
      {relay.hookBlocks.map((block, index) => (
        <p key={index} data-testid="relay-block" className="mt-1 text-red-700 dark:text-red-300">
          {block.hookEvent} hook blocked: {block.reason}
        </p>
      ))}
      {relay.isInterrupted ? (
        <p className="mt-1 text-amber-700 dark:text-amber-400">Interrupted before Claude finished.</p>
      ) : null}
      {relay.apiError ? <p className="mt-1 text-red-700 dark:text-red-300">API error: {relay.apiError}</p> : null}
    </article>
  );
}
