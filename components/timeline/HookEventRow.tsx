"use client";

import Link from "next/link";
import { memo, useState } from "react";
import type { HookEventView } from "@/lib/hook-events/hook-event-view.ts";
import { Button } from "@/components/ui/Button.tsx";
import { formatDuration } from "@/components/ui/format-duration.ts";
import { EventPayload } from "./EventPayload.tsx";
import { eventIcon } from "./event-look.ts";
import { formatClock } from "./format-clock.ts";
import { OriginBadge } from "./OriginBadge.tsx";

/**
 * One hook event as a compact row (icon, event, tool, summary, duration, origin); click to see
 * the full payload. Blocks are red with their reason. The Logs page reuses it with its own test
 * id, the time since the previous event, the directory, and which Stops a hook blocked.
 */
export const HookEventRow = memo(function HookEventRow(props: {
  event: HookEventView;
  durationMs?: number;
  gapMs?: number;
  testId?: string;
  showDirectory?: boolean;
  sessionHref?: string;
  /** Set when a hook blocked this Stop (known from the session's later events): shown in red with the reason. */
  blockedStop?: { reason: string | null };
  /**
   * Whether the payload is shown, kept by a virtualised list that unmounts rows scrolled away (with
   * `onToggle`); without it the row keeps it itself.
   */
  isOpen?: boolean;
  onToggle?: (eventId: number) => void;
}) {
  const { event, blockedStop, onToggle } = props;
  const [isOpenHere, setIsOpenHere] = useState(false);
  const isOpen = props.isOpen ?? isOpenHere;
  const tone =
    event.isBlock || blockedStop
      ? "border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/60"
      : "border-transparent hover:bg-zinc-100 dark:hover:bg-zinc-900";
  return (
    <div
      data-testid={props.testId ?? "timeline-event"}
      data-event={event.eventName}
      data-session={event.sessionId}
      data-tool={event.toolName ?? ""}
      data-id={event.id}
      data-block={event.isBlock}
      data-blocked={blockedStop !== undefined}
      className={`rounded-md border px-2 py-1 text-xs ${tone}`}
    >
      <div className="flex min-w-0 items-center gap-2">
        {props.gapMs !== undefined ? (
          <span
            className="w-14 shrink-0 text-right font-mono text-[10px] text-zinc-600 dark:text-zinc-400"
            data-testid="event-gap"
          >
            +{formatDuration(props.gapMs)}
          </span>
        ) : null}
        <Button
          variant="bare"
          data-testid="timeline-event-toggle"
          aria-expanded={isOpen}
          onClick={() => (onToggle ? onToggle(event.id) : setIsOpenHere((open) => !open))}
          title="Show the payload Claude Code sent"
          className="flex min-w-0 flex-1 items-center gap-2 overflow-hidden text-left"
        >
          <span className="w-4 shrink-0 text-center text-zinc-600 dark:text-zinc-400" aria-hidden>
            {eventIcon(event.eventName)}
          </span>
          <span className="shrink-0 font-semibold">{event.eventName}</span>
          {event.toolName ? (
            <span className="min-w-0 shrink truncate font-mono text-emerald-700 dark:text-emerald-400">
              {event.toolName}
            </span>
          ) : null}
          <span
            className="min-w-0 flex-1 truncate text-zinc-600 dark:text-zinc-400"
            title={event.summary}
            data-testid="timeline-summary"
          >
            {event.summary}
          </span>
        </Button>
        {props.durationMs !== undefined ? (
          <span
            className="shrink-0 font-mono text-[10px] text-zinc-600 dark:text-zinc-400"
            data-testid="timeline-duration"
            title="Time between PreToolUse and this event"
          >
            {formatDuration(props.durationMs)}
          </span>
        ) : null}
        <OriginBadge isArborRun={event.runId !== null} />
        {props.sessionHref ? (
          <Link
            href={props.sessionHref}
            data-testid="event-session-link"
            className="shrink-0 font-mono text-[10px] text-zinc-600 hover:text-emerald-700 dark:text-zinc-400"
            title={`Session ${event.sessionId}`}
          >
            {event.sessionId.slice(0, 8)}
          </Link>
        ) : null}
        <time className="shrink-0 font-mono text-[10px] text-zinc-600 dark:text-zinc-400" dateTime={event.receivedAt}>
          {formatClock(event.receivedAt)}
        </time>
      </div>
      {props.showDirectory ? (
        <p className="truncate pl-6 font-mono text-[10px] text-zinc-600 dark:text-zinc-400" title={event.cwd ?? ""}>
          {event.worktreePath ?? `${event.cwd ?? "?"} (not in a pinned repository)`}
        </p>
      ) : null}
      {event.isBlock ? (
        <p data-testid="timeline-block" className="mt-1 pl-6 text-red-700 dark:text-red-300">
          Blocked by a hook{event.blockReason ? `: ${event.blockReason}` : ""}
        </p>
      ) : null}
      {blockedStop ? (
        <p data-testid="timeline-blocked-stop" className="mt-1 pl-6 font-medium text-red-700 dark:text-red-300">
          A hook blocked this stop{blockedStop.reason ? `: ${blockedStop.reason}` : "; Claude had to answer again."}
        </p>
      ) : null}
      {isOpen ? <EventPayload eventId={event.id} /> : null}
    </div>
  );
});
