import { describe, expect, it } from "vitest";
import { lastOpenSessionActivity, type SessionEvent } from "./terminal-sessions.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute));
const event = (sessionId: string, eventName: string, minute: number): SessionEvent => ({
  sessionId,
  eventName,
  receivedAt: at(minute),
});

describe("lastOpenSessionActivity", () => {
  it("is the newest event of a session that has not ended", () => {
    expect(lastOpenSessionActivity([event("a", "PostToolUse", 9), event("a", "PreToolUse", 8)])).toEqual(at(9));
  });

  it("keeps a working session although another one ended after it", () => {
    const events = [event("b", "SessionEnd", 9), event("b", "SessionStart", 8), event("a", "PreToolUse", 7)];
    expect(lastOpenSessionActivity(events)).toEqual(at(7));
  });

  it("is null once every session's newest event is its end", () => {
    const events = [event("b", "SessionEnd", 9), event("a", "SessionEnd", 8), event("a", "PreToolUse", 7)];
    expect(lastOpenSessionActivity(events)).toBeNull();
  });

  it("remembers across pages which sessions were already judged", () => {
    const judged = new Set<string>();
    expect(lastOpenSessionActivity([event("a", "SessionEnd", 9)], judged)).toBeNull();
    // a's older events on the next page do not reopen it; c is open.
    expect(lastOpenSessionActivity([event("a", "PreToolUse", 8), event("c", "Stop", 6)], judged)).toEqual(at(6));
  });
});
