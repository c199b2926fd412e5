import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { HookEventPage } from "@/components/api/hooks-api.ts";
import type { RelayView } from "@/lib/hook-events/hook-event-view.ts";
import { handleServerMessage } from "@/components/realtime/handle-server-message.ts";
import { hookEvent, relay } from "./test-fixtures.ts";

const pagesOf = (events: HookEventPage["events"]): InfiniteData<HookEventPage, number | null> => ({
  pages: [{ events, hasMore: false }],
  pageParams: [null],
});
const idsIn = (client: QueryClient, key: unknown[]) =>
  client.getQueryData<InfiniteData<HookEventPage>>(key)?.pages.flatMap((page) => page.events.map((event) => event.id));

describe("hook messages in the React Query cache", () => {
  it("adds a live event to every list whose filter it matches, once", () => {
    const client = new QueryClient();
    const worktree = ["hook-events", { worktreePath: "/w" }];
    const other = ["hook-events", { worktreePath: "/other" }];
    const search = ["hook-events", { q: "NEEDLE" }];
    for (const key of [worktree, other, search]) client.setQueryData(key, pagesOf([hookEvent(1)]));
    const message = { type: "hook_event" as const, event: hookEvent(2, { summary: "a needle here" }) };
    handleServerMessage(client, message);
    handleServerMessage(client, message);
    expect(idsIn(client, worktree)).toEqual([2, 1]);
    expect(idsIn(client, other)).toEqual([1]);
    expect(idsIn(client, search)).toEqual([2, 1]);
  });

  it("refetches session counts of the event's worktree and of every directory", () => {
    const client = new QueryClient();
    for (const key of [
      ["hook-sessions", null],
      ["hook-sessions", "/w"],
      ["hook-sessions", "/other"],
    ])
      client.setQueryData(key, []);
    handleServerMessage(client, { type: "hook_event", event: hookEvent(1) });
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([
      stale(["hook-sessions", null]),
      stale(["hook-sessions", "/w"]),
      stale(["hook-sessions", "/other"]),
    ]).toEqual([true, true, false]);
  });

  it("merges a relay into the worktree's and the session's lists, replacing an older copy", () => {
    const client = new QueryClient();
    client.setQueryData(["hook-relays", { worktreePath: "/w" }], [relay(1)]);
    client.setQueryData(["hook-relays", { sessionId: "s2" }], []);
    handleServerMessage(client, { type: "relay", relay: relay(1, { assistantText: "grown" }) });
    expect(
      client.getQueryData<RelayView[]>(["hook-relays", { worktreePath: "/w" }])?.map((r) => r.assistantText),
    ).toEqual(["grown"]);
    expect(client.getQueryData<RelayView[]>(["hook-relays", { sessionId: "s2" }])).toEqual([]);
  });
});
