import { describe, expect, it } from "vitest";
import { createLiveRun } from "@/components/realtime/apply-run-event.ts";
import type { LiveRun } from "@/components/realtime/live-run-types.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { announceRun, latestRun } from "./announce-run.ts";

function run(overrides: Partial<LiveRun> = {}): LiveRun {
  return { ...createLiveRun({ runId: "r1", at: 1 }), seq: 1, ...overrides };
}

describe("run announcements", () => {
  it("says nothing before any run", () => {
    expect(announceRun(null)).toBe("");
  });

  it("follows a run from queued to answering, retrying and finished", () => {
    expect(announceRun(run({ status: "queued", queuedPosition: 2 }))).toBe("Message queued, position 2.");
    expect(announceRun(run())).toBe("Claude is answering.");
    const retry = { attempt: 1, maxRetries: 3, errorStatus: 529, error: null, delayMs: 500 };
    expect(announceRun(run({ retry }))).toBe("The API is failing; retry 1 of 3.");
    const finished = { status: "completed", errorKind: null, userMessage: null, assistantMessageId: 3 };
    expect(announceRun(run({ status: "finished", finished }))).toBe("Claude finished answering.");
    expect(announceRun(run({ status: "finished", finished: { ...finished, status: "timed_out" } }))).toBe(
      "The answer timed out.",
    );
  });

  it("puts a waiting request first, in the words of its card", () => {
    const approval = {
      id: "a1",
      kind: "tool",
      status: "pending",
      toolName: "Bash",
      input: { command: "npm test" },
      worktreePath: "/w",
      preview: null,
    } as unknown as ApprovalView;
    expect(announceRun(run({ approvals: [approval] }))).toBe("Waiting for you: Claude wants to run a command.");
  });

  it("reads the newest run of a session", () => {
    const older = run({ runId: "old", firstAt: 1, status: "finished" });
    const newer = run({ runId: "new", firstAt: 5 });
    expect(latestRun({ runs: { old: older, new: newer } })?.runId).toBe("new");
    expect(latestRun({ runs: {} })).toBeNull();
  });
});
