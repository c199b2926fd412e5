import { describe, expect, it } from "vitest";
import { hookEvent, relay } from "@/components/timeline/test-fixtures.ts";
import { findBlockedStops } from "./blocked-stops.ts";
import { gapsBetweenEvents } from "./event-gaps.ts";
import { chatHref, logsHref, readLogsLocation } from "./logs-href.ts";

describe("gapsBetweenEvents", () => {
  it("measures each event from the one before it", () => {
    const gaps = gapsBetweenEvents([hookEvent(1, { at: 1 }), hookEvent(2, { at: 3 }), hookEvent(5, { at: 3 })]);
    expect([...gaps]).toEqual([
      [2, 2000],
      [5, 0],
    ]);
  });
});

describe("logs links", () => {
  it("round-trips a worktree and a session through the query string", () => {
    const href = logsHref({ repoId: "r1", worktreePath: "/tmp/a b&c", sessionId: "s1" });
    expect(href).toBe("/logs?repo=r1&worktree=%2Ftmp%2Fa+b%26c&session=s1");
    expect(readLogsLocation(new URLSearchParams(href.split("?")[1]))).toEqual({
      repoId: "r1",
      worktreePath: "/tmp/a b&c",
      sessionId: "s1",
    });
    expect(logsHref()).toBe("/logs");
  });

  it("accepts the main page's wt parameter and links back to it", () => {
    expect(readLogsLocation(new URLSearchParams("repo=r&wt=/w")).worktreePath).toBe("/w");
    expect(chatHref({ repoId: "r", worktreePath: "/w" })).toBe("/?repo=r&wt=%2Fw");
  });
});

describe("findBlockedStops", () => {
  it("marks the Stop before each retried Stop with the transcript's reasons, in order", () => {
    const events = [
      hookEvent(1, { eventName: "UserPromptSubmit" }),
      hookEvent(2, { eventName: "Stop" }),
      hookEvent(3, { eventName: "Stop", isBlock: true }),
      hookEvent(4, { eventName: "Stop", isBlock: true }),
      hookEvent(5, { eventName: "SubagentStop" }),
    ];
    const relays = [relay(1, { hookBlocks: [{ hookEvent: "Stop", reason: "add the tag" }] })];
    const blocked = findBlockedStops({ events, relays });
    expect([...blocked]).toEqual([
      [2, { reason: "add the tag" }],
      [3, { reason: null }],
    ]);
  });

  it("finds nothing without a retried Stop", () => {
    expect(findBlockedStops({ events: [hookEvent(1, { eventName: "Stop" })], relays: [] }).size).toBe(0);
  });
});
