import { describe, expect, it } from "vitest";
import { describeQueued } from "./queued-text.ts";

describe("describeQueued", () => {
  it("says a run waits behind its worktree's running answer", () => {
    expect(describeQueued({ queuedPosition: 1, queuedReason: { kind: "worktree" } })).toBe(
      "#1 in line — starts when this worktree's current answer ends",
    );
  });

  it("says every agent slot is busy, how many, and where to allow more", () => {
    expect(describeQueued({ queuedPosition: 2, queuedReason: { kind: "slots", running: 4, max: 4 } })).toBe(
      "#2 in line — all 4 agent slots are busy (4 answers running); starts when one ends. Settings → concurrent runs allows more.",
    );
  });

  it("falls back to the place alone for an event stored without a reason", () => {
    expect(describeQueued({ queuedPosition: 3, queuedReason: null })).toBe(
      "#3 in line — starts when a running answer ends",
    );
    expect(describeQueued({ queuedPosition: null, queuedReason: null })).toBe("waiting for a free slot");
  });
});
