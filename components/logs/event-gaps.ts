import type { HookEventView } from "@/lib/hook-events/hook-event-view.ts";

/** Milliseconds since the previous event, keyed by event id, for events listed oldest first. */
export function gapsBetweenEvents(oldestFirst: HookEventView[]): Map<number, number> {
  const gaps = new Map<number, number>();
  oldestFirst.forEach((event, index) => {
    const previous = oldestFirst[index - 1];
    if (previous) gaps.set(event.id, Math.max(0, Date.parse(event.receivedAt) - Date.parse(previous.receivedAt)));
  });
  return gaps;
}
