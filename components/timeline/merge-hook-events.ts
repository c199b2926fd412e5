import type { HookEventFilter, HookEventPage, RelayFilter } from "@/components/api/hooks-api.ts";
import type { HookEventView, RelayView } from "@/lib/hook-events/hook-event-view.ts";

/**
 * Whether a live event belongs in a list loaded with `filter`, mirroring the server's query
 * (exact fields; `q` is a case-insensitive substring of the summary, session id or tool).
 */
export function matchesEventFilter(event: HookEventView, filter: HookEventFilter): boolean {
  if (filter.worktreePath && event.worktreePath !== filter.worktreePath) return false;
  if (filter.unpinned && event.worktreePath !== null) return false;
  if (filter.sessionId && event.sessionId !== filter.sessionId) return false;
  if (filter.eventName && event.eventName !== filter.eventName) return false;
  if (filter.toolName && event.toolName !== filter.toolName) return false;
  if (filter.q) {
    const needle = filter.q.toLowerCase();
    const haystacks = [event.summary, event.sessionId, event.toolName ?? ""];
    if (!haystacks.some((text) => text.toLowerCase().includes(needle))) return false;
  }
  return true;
}

export function matchesRelayFilter(relay: RelayView, filter: RelayFilter): boolean {
  if (filter.worktreePath && relay.worktreePath !== filter.worktreePath) return false;
  if (filter.sessionId && relay.sessionId !== filter.sessionId) return false;
  return true;
}

/**
 * Merges one live event into pages loaded newest first. An id already present (the same event
 * delivered twice, e.g. through a worktree and an all-directories subscription) returns the
 * same pages; an event older than everything loaded while older pages remain is left for them.
 */
export function mergeEventIntoPages(pages: HookEventPage[], event: HookEventView): HookEventPage[] {
  if (pages.some((page) => page.events.some((known) => known.id === event.id))) return pages;
  const [first, ...rest] = pages;
  if (!first) return [{ events: [event], hasMore: false }];
  const oldestLoaded = first.events.at(-1);
  if (first.hasMore && oldestLoaded && event.id < oldestLoaded.id) return pages;
  const index = first.events.findIndex((known) => known.id < event.id);
  const events =
    index === -1 ? [...first.events, event] : [...first.events.slice(0, index), event, ...first.events.slice(index)];
  return [{ ...first, events }, ...rest];
}

const relayKey = (relay: RelayView) => `${relay.sessionId}\u0000${relay.startUuid}`;
const relayTime = (relay: RelayView) => relay.startedAt ?? relay.endedAt ?? "";

/**
 * Merges one live relay into a list ordered like the server's (started newest first, then id).
 * A relay already known by session and start uuid is replaced: it grows while Claude answers.
 */
export function mergeRelay(relays: RelayView[], relay: RelayView): RelayView[] {
  const others = relays.filter((known) => relayKey(known) !== relayKey(relay));
  return [...others, relay].sort((a, b) => relayTime(b).localeCompare(relayTime(a)) || b.id - a.id);
}
