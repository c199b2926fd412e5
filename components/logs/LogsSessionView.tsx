"use client";

import Link from "next/link";
import { useMemo } from "react";
import { useHookEvents, useRelays } from "@/components/api/hooks-api.ts";
import { Badge } from "@/components/ui/Badge.tsx";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { LoadOlderButton } from "@/components/ui/LoadOlderButton.tsx";
import { buildWorktreeTimeline, pairToolDurations } from "@/components/timeline/build-worktree-timeline.ts";
import { OriginBadge } from "@/components/timeline/OriginBadge.tsx";
import { TimelineItemList } from "@/components/timeline/TimelineItemList.tsx";
import { findBlockedStops } from "./blocked-stops.ts";
import { gapsBetweenEvents } from "./event-gaps.ts";
import { logsHref } from "./logs-href.ts";

/**
 * One Claude session from start to end (its fired hook chain): events oldest first with the
 * time between them, Stops a hook blocked in red with the reason, and its relays. The latest 500
 * events come first; older ones load above ("Load older events") with the row being read kept in
 * place, and only the rows in view are drawn, so a session of any length opens at once.
 */
export function LogsSessionView({ sessionId }: { sessionId: string }) {
  const pages = useHookEvents({ sessionId }, { pageSize: 500 });
  const relays = useRelays({ sessionId });
  const oldestFirst = useMemo(() => (pages.data?.pages.flatMap((page) => page.events) ?? []).reverse(), [pages.data]);
  const gaps = useMemo(() => gapsBetweenEvents(oldestFirst), [oldestFirst]);
  const durations = useMemo(() => pairToolDurations(oldestFirst), [oldestFirst]);
  const items = useMemo(
    () =>
      buildWorktreeTimeline({
        events: oldestFirst,
        relays: relays.data ?? [],
        messages: [],
        hidesArborRelays: false,
        filter: {},
      }),
    [oldestFirst, relays.data],
  );
  const blockedStops = useMemo(
    () => findBlockedStops({ events: oldestFirst, relays: relays.data ?? [] }),
    [oldestFirst, relays.data],
  );
  const first = oldestFirst[0];
  const isArborRun = oldestFirst.some((event) => event.runId !== null);

  return (
    <section data-testid="logs-session-view" data-session={sessionId} className="space-y-2">
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="font-mono text-sm font-semibold">Session {sessionId}</h2>
        {first ? <OriginBadge isArborRun={isArborRun} /> : null}
        <span className="text-xs text-zinc-500" data-testid="logs-session-count">
          {oldestFirst.length} events{pages.hasNextPage ? " loaded" : ""}
        </span>
        {blockedStops.size > 0 ? (
          <Badge tone="red" data-testid="logs-session-blocks">
            {blockedStops.size} blocked stop{blockedStops.size === 1 ? "" : "s"}
          </Badge>
        ) : null}
        <Link
          href={logsHref()}
          data-testid="logs-session-close"
          className="ml-auto text-xs text-zinc-600 hover:text-emerald-700 dark:text-zinc-400"
        >
          ← All events
        </Link>
      </header>
      {first ? (
        <p className="flex items-center gap-2 text-[11px] text-zinc-500">
          <span className="truncate font-mono">{first.worktreePath ?? first.cwd}</span>
          {first.repoId && first.worktreePath ? (
            <Link
              href={logsHref({ repoId: first.repoId, worktreePath: first.worktreePath })}
              data-testid="logs-worktree-link"
              className="shrink-0 hover:text-emerald-700"
            >
              Worktree timeline →
            </Link>
          ) : null}
        </p>
      ) : null}
      {pages.error ? <ErrorNotice error={pages.error} testId="logs-error" /> : null}
      {pages.hasNextPage ? (
        <p data-testid="logs-session-partial" className="text-center text-[11px] text-zinc-500">
          Showing the latest {oldestFirst.length} events of this session.
        </p>
      ) : null}
      <LoadOlderButton pages={pages} label="Load older events" testId="logs-session-load-older" />
      <TimelineItemList
        items={items}
        durations={durations}
        testId="logs-session-items"
        isLoaded={pages.isSuccess && relays.isSuccess}
        eventExtras={(event) => ({
          testId: "logs-session-event",
          gapMs: gaps.get(event.id) ?? 0,
          blockedStop: blockedStops.get(event.id),
        })}
      />
    </section>
  );
}
