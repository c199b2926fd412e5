import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import type { HookEventPage } from "@/components/api/hooks-api.ts";
import type { HookEventView, RelayView } from "@/lib/hook-events/hook-event-view.ts";
import { matchesEventFilter, matchesRelayFilter, mergeEventIntoPages, mergeRelay } from "./merge-hook-events.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

type EventPages = InfiniteData<HookEventPage, number | null>;

/**
 * A live hook event: merged into every cached event list whose filter it matches
 * (["hook-events", filter]); the per-session counts it changes are refetched.
 */
export function applyHookEventToCache(client: QueryClient, event: HookEventView): void {
  for (const [key, data] of client.getQueriesData<EventPages>({ queryKey: queryKeys.hookEvents() })) {
    if (!matchesEventFilter(event, key[1] ?? {})) continue;
    if (!data) {
      refetchLoading(client, key);
      continue;
    }
    const pages = mergeEventIntoPages(data.pages, event);
    if (pages !== data.pages) client.setQueryData<EventPages>(key, { ...data, pages });
  }
  void client.invalidateQueries({
    queryKey: queryKeys.hookSessions(),
    predicate: (query) => query.queryKey[1] === null || query.queryKey[1] === event.worktreePath,
  });
}

/** A live relay: merged (by session and start uuid) into every cached relay list it belongs to. */
export function applyRelayToCache(client: QueryClient, relay: RelayView): void {
  for (const [key, data] of client.getQueriesData<RelayView[]>({ queryKey: queryKeys.relays() })) {
    if (!matchesRelayFilter(relay, key[1] ?? {})) continue;
    if (!data) refetchLoading(client, key);
    else client.setQueryData<RelayView[]>(key, mergeRelay(data, relay));
  }
}

/** The first fetch may have read the table just before this row was stored: ask again. */
function refetchLoading(client: QueryClient, key: QueryKey): void {
  void client.invalidateQueries({ queryKey: key, exact: true });
}
