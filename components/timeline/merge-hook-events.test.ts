import { describe, expect, it } from "vitest";
import { matchesEventFilter, matchesRelayFilter, mergeEventIntoPages, mergeRelay } from "./merge-hook-events.ts";
import { hookEvent, relay } from "./test-fixtures.ts";

const ids = (pages: Array<{ events: Array<{ id: number }> }>) =>
  pages.map((page) => page.events.map((event) => event.id));

describe("mergeEventIntoPages", () => {
  it("puts a new event in newest-first order in the first page", () => {
    const pages = [{ events: [hookEvent(5), hookEvent(3)], hasMore: false }];
    expect(ids(mergeEventIntoPages(pages, hookEvent(6)))).toEqual([[6, 5, 3]]);
    expect(ids(mergeEventIntoPages(pages, hookEvent(4)))).toEqual([[5, 4, 3]]);
    expect(ids(mergeEventIntoPages(pages, hookEvent(1)))).toEqual([[5, 3, 1]]);
  });

  it("returns the same pages for an id it already holds, in any page", () => {
    const pages = [
      { events: [hookEvent(9)], hasMore: true },
      { events: [hookEvent(4)], hasMore: false },
    ];
    expect(mergeEventIntoPages(pages, hookEvent(9))).toBe(pages);
    expect(mergeEventIntoPages(pages, hookEvent(4))).toBe(pages);
  });

  it("leaves an event older than the first page to the older pages still to load", () => {
    const pages = [{ events: [hookEvent(9), hookEvent(8)], hasMore: true }];
    expect(mergeEventIntoPages(pages, hookEvent(2))).toBe(pages);
  });

  it("starts a page when none is loaded", () => {
    expect(ids(mergeEventIntoPages([], hookEvent(1)))).toEqual([[1]]);
  });
});

describe("matchesEventFilter", () => {
  const bash = hookEvent(1, { eventName: "PreToolUse", toolName: "Bash", summary: "Bash: npm test", sessionId: "abc" });

  it("matches the exact fields the server filters on", () => {
    expect(matchesEventFilter(bash, {})).toBe(true);
    expect(
      matchesEventFilter(bash, { worktreePath: "/w", eventName: "PreToolUse", toolName: "Bash", sessionId: "abc" }),
    ).toBe(true);
    expect(matchesEventFilter(bash, { worktreePath: "/other" })).toBe(false);
    expect(matchesEventFilter(bash, { toolName: "Read" })).toBe(false);
    expect(matchesEventFilter(bash, { eventName: "Stop" })).toBe(false);
  });

  it("keeps unpinned lists to events without a worktree", () => {
    expect(matchesEventFilter(bash, { unpinned: true })).toBe(false);
    expect(matchesEventFilter(hookEvent(2, { worktreePath: null }), { unpinned: true })).toBe(true);
  });

  it("searches summary, session id and tool without case", () => {
    expect(matchesEventFilter(bash, { q: "NPM" })).toBe(true);
    expect(matchesEventFilter(bash, { q: "ab" })).toBe(true);
    expect(matchesEventFilter(bash, { q: "bash" })).toBe(true);
    expect(matchesEventFilter(bash, { q: "yarn" })).toBe(false);
  });
});

describe("mergeRelay", () => {
  it("replaces a relay known by session and start uuid, and keeps newest first", () => {
    const list = [relay(2, { at: 20 }), relay(1, { at: 10 })];
    const grown = relay(2, { at: 20, assistantText: "more" });
    expect(mergeRelay(list, grown).map((r) => [r.id, r.assistantText])).toEqual([
      [2, "more"],
      [1, ""],
    ]);
    expect(mergeRelay(list, relay(3, { at: 15 })).map((r) => r.id)).toEqual([2, 3, 1]);
  });

  it("tells other sessions' relays apart even with the same start uuid", () => {
    const merged = mergeRelay([relay(1)], relay(2, { sessionId: "s2", startUuid: "u1" }));
    expect(merged).toHaveLength(2);
  });

  it("filters by worktree and session", () => {
    expect(matchesRelayFilter(relay(1), { worktreePath: "/w", sessionId: "s1" })).toBe(true);
    expect(matchesRelayFilter(relay(1), { sessionId: "s2" })).toBe(false);
  });
});
