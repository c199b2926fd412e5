"use client";

import { useMemo } from "react";
import { useHookEvents, type HookEventFilter } from "@/components/api/hooks-api.ts";
import { ErrorNotice } from "@/components/ui/ErrorNotice.tsx";
import { LoadOlderButton } from "@/components/ui/LoadOlderButton.tsx";
import { pairToolDurations } from "@/components/timeline/build-worktree-timeline.ts";
import { HookEventRow } from "@/components/timeline/HookEventRow.tsx";
import { useListVirtualizer } from "@/components/ui/use-list-virtualizer.ts";
import { useOpenRows } from "@/components/ui/use-open-rows.ts";
import { logsHref } from "./logs-href.ts";

/** Hook events across every directory, newest first, live; each links to its session. */
export function LogsEventList({ filter }: { filter: HookEventFilter }) {
  const pages = useHookEvents(filter, { pageSize: 100 });
  const events = useMemo(() => pages.data?.pages.flatMap((page) => page.events) ?? [], [pages.data]);
  const durations = useMemo(() => pairToolDurations(events), [events]);
  const [openIds, toggleOpen] = useOpenRows();
  // Only the rows in view are drawn (the page scrolls them); each is measured.
  const { listRef, virtualizer } = useListVirtualizer<HTMLDivElement>({
    count: events.length,
    estimateSize: 46,
    getItemKey: (index) => events[index]?.id ?? index,
  });
  const margin = virtualizer.options.scrollMargin;
  return (
    <section data-testid="logs-events" data-loaded={pages.isSuccess} className="space-y-1">
      {pages.error ? <ErrorNotice error={pages.error} testId="logs-error" /> : null}
      {pages.isPending ? <p className="text-xs text-zinc-500">Loading events…</p> : null}
      {pages.isSuccess && events.length === 0 ? (
        <p data-testid="logs-empty" className="text-xs text-zinc-500">
          No hook events match. Events appear here once Arbor&apos;s hooks are installed for a worktree (Install hooks
          on its timeline) and Claude Code runs there.
        </p>
      ) : null}
      <div ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }} data-rows={events.length}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const event = events[virtual.index]!;
          return (
            <div
              key={virtual.key}
              ref={virtualizer.measureElement}
              data-index={virtual.index}
              className="absolute left-0 top-0 w-full pb-1"
              style={{ transform: `translateY(${virtual.start - margin}px)` }}
            >
              <HookEventRow
                event={event}
                durationMs={durations.get(event.id)}
                testId="logs-event-row"
                showDirectory
                sessionHref={logsHref({ sessionId: event.sessionId })}
                isOpen={openIds.has(event.id)}
                onToggle={toggleOpen}
              />
            </div>
          );
        })}
      </div>
      <LoadOlderButton pages={pages} label="Load older events" testId="logs-load-older" />
    </section>
  );
}
