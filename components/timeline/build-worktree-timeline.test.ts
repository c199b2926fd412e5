import { describe, expect, it } from "vitest";
import { buildWorktreeTimeline, distinctValues, pairToolDurations } from "./build-worktree-timeline.ts";
import { chatMessage, hookEvent, relay } from "./test-fixtures.ts";

describe("pairToolDurations", () => {
  it("times a tool call from its PreToolUse to its PostToolUse by tool use id", () => {
    const events = [
      hookEvent(1, { eventName: "PreToolUse", toolUseId: "t1", at: 1 }),
      hookEvent(2, { eventName: "PreToolUse", toolUseId: "t2", at: 2 }),
      hookEvent(3, { eventName: "PostToolUse", toolUseId: "t1", at: 4 }),
      hookEvent(4, { eventName: "PostToolUseFailure", toolUseId: "t2", at: 7 }),
      hookEvent(5, { eventName: "PostToolUse", toolUseId: "unpaired", at: 8 }),
    ];
    expect([...pairToolDurations(events)]).toEqual([
      [3, 3000],
      [4, 5000],
    ]);
  });
});

describe("buildWorktreeTimeline", () => {
  const events = [
    hookEvent(2, { at: 2 }),
    hookEvent(1, { at: 1, eventName: "PreToolUse", toolName: "Bash" }),
    hookEvent(3, { at: 5, sessionId: "s2" }),
  ];
  const relays = [
    relay(7, { at: 3, sessionId: "s2" }),
    relay(8, { at: 0, sessionId: "arbor", isArborRun: true }),
    // A terminal `--continue` of the Arbor run's Claude session: same session id, the terminal's relay.
    relay(9, { at: 6, sessionId: "arbor" }),
  ];
  const messages = [chatMessage(1, 4)];

  it("interleaves events, relays and chat messages oldest first", () => {
    const items = buildWorktreeTimeline({ events, relays, messages, hidesArborRelays: false, filter: {} });
    expect(items.map((item) => item.key)).toEqual(["rarbor:u8", "e1", "e2", "rs2:u7", "m1", "e3", "rarbor:u9"]);
  });

  it("hides the relays of Arbor's runs the chat already shows, not a terminal's in the same Claude session", () => {
    const items = buildWorktreeTimeline({ events, relays, messages, hidesArborRelays: true, filter: {} });
    expect(items.some((item) => item.key === "rarbor:u8")).toBe(false);
    expect(items.some((item) => item.key === "rarbor:u9")).toBe(true);
  });

  it("narrows to events for an event or tool filter, and to one session's events and relays", () => {
    const byTool = buildWorktreeTimeline({
      events,
      relays,
      messages,
      hidesArborRelays: false,
      filter: { toolName: "Bash" },
    });
    expect(byTool.map((item) => item.key)).toEqual(["e1"]);
    const bySession = buildWorktreeTimeline({
      events,
      relays,
      messages,
      hidesArborRelays: false,
      filter: { sessionId: "s2" },
    });
    expect(bySession.map((item) => item.key)).toEqual(["rs2:u7", "e3"]);
  });

  it("offers each filter value once, sorted", () => {
    expect(distinctValues(["Bash", null, "Read", "Bash"])).toEqual(["Bash", "Read"]);
  });
});
