"use client";

import { useListVirtualizer } from "@/components/ui/use-list-virtualizer.ts";
import { useOpenRows } from "@/components/ui/use-open-rows.ts";
import type { HookEventView } from "@/lib/hook-events/hook-event-view.ts";
import type { TimelineItem } from "./build-worktree-timeline.ts";
import { ChatMessageRow } from "./ChatMessageRow.tsx";
import { HookEventRow } from "./HookEventRow.tsx";
import { RelayCard } from "./RelayCard.tsx";

/** What a list adds to an event's row beside the event itself (its place in a session, a blocked Stop). */
interface EventRowExtras {
  testId?: string;
  gapMs?: number;
  blockedStop?: { reason: string | null };
}

/**
 * Timeline items (hook events, relays, chat messages) oldest first as a virtual `<ol>`: only the
 * rows in view are drawn, each measured once drawn and told its place in the whole list
 * (`aria-setsize`, `aria-posinset`); older pages put above keep the row being read in place, and
 * an opened payload stays open when its row is scrolled away and back. Used by the worktree
 * timeline and a Logs session.
 */
export function TimelineItemList({
  items,
  durations,
  testId,
  isLoaded,
  eventExtras,
}: {
  items: TimelineItem[];
  /** Tool durations by event id (pairToolDurations). */
  durations: ReadonlyMap<number, number>;
  testId: string;
  isLoaded: boolean;
  eventExtras?: (event: HookEventView) => EventRowExtras;
}) {
  const [openIds, toggleOpen] = useOpenRows();
  const { listRef, virtualizer } = useListVirtualizer<HTMLOListElement>({
    count: items.length,
    estimateSize: 30,
    getItemKey: (index) => items[index]?.key ?? index,
    keepsReadingPosition: true,
  });
  const margin = virtualizer.options.scrollMargin;
  return (
    <ol
      ref={listRef}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
      data-testid={testId}
      data-rows={items.length}
      data-loaded={isLoaded}
    >
      {virtualizer.getVirtualItems().map((virtual) => {
        const item = items[virtual.index]!;
        return (
          <li
            key={virtual.key}
            ref={virtualizer.measureElement}
            data-index={virtual.index}
            aria-setsize={items.length}
            aria-posinset={virtual.index + 1}
            className="absolute left-0 top-0 w-full pb-1"
            style={{ transform: `translateY(${virtual.start - margin}px)` }}
          >
            {item.kind === "event" ? (
              <HookEventRow
                event={item.event}
                durationMs={durations.get(item.event.id)}
                isOpen={openIds.has(item.event.id)}
                onToggle={toggleOpen}
                {...eventExtras?.(item.event)}
              />
            ) : item.kind === "relay" ? (
              <RelayCard relay={item.relay} />
            ) : (
              <ChatMessageRow message={item.message} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
