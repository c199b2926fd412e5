import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/realtime/protocol.ts";
import { afterSeqOf, applyRunEvent } from "./apply-run-event.ts";
import { EMPTY_LIVE_RUNS, type LiveRunsState } from "./live-run-types.ts";

const RUN = "run-1";

function event(seq: number, payload: RunEvent, runId = RUN) {
  return { type: "run_event" as const, sessionId: "s", runId, seq, at: 1000 + seq, event: payload };
}

function applyAll(messages: Array<ReturnType<typeof event>>, state: LiveRunsState = EMPTY_LIVE_RUNS): LiveRunsState {
  return messages.reduce(applyRunEvent, state);
}

describe("applyRunEvent", () => {
  it("streams deltas into the text and tracks queue → running", () => {
    const state = applyAll([
      event(1, { kind: "queued", position: 2 }),
      event(2, { kind: "started", claudeSessionId: "c", pid: 1 }),
      event(3, { kind: "text_delta", text: "Hel" }),
      event(4, { kind: "text_delta", text: "lo" }),
    ]);
    expect(state.runs[RUN]).toMatchObject({
      status: "running",
      queuedPosition: null,
      text: "Hello",
      seq: 4,
      firstAt: 1001,
    });
  });

  it("says what a waiting run waits for: an approval, an answer to a question, a plan review", () => {
    const waitingOn = (kind: "tool" | "question" | "plan") =>
      applyAll([
        event(1, { kind: "started", claudeSessionId: "c", pid: 1 }),
        event(2, {
          kind: "approval_requested",
          approval: { id: "a", kind, toolName: kind === "question" ? "AskUserQuestion" : "Bash" } as never,
        }),
      ]).runs[RUN]!.lastActivity;
    expect(waitingOn("tool")).toBe("waiting for your approval");
    expect(waitingOn("question")).toBe("waiting for your answer");
    expect(waitingOn("plan")).toBe("waiting for you to review the plan");
  });

  it("keeps the queue position while queued", () => {
    const state = applyAll([event(1, { kind: "queued", position: 3 })]);
    expect(state.runs[RUN]).toMatchObject({ status: "queued", queuedPosition: 3 });
  });

  it("ignores duplicate and late events and returns the same state object", () => {
    const state = applyAll([event(1, { kind: "text_delta", text: "a" }), event(2, { kind: "text_delta", text: "b" })]);
    expect(applyRunEvent(state, event(2, { kind: "text_delta", text: "b" }))).toBe(state);
    expect(applyRunEvent(state, event(1, { kind: "text_delta", text: "a" }))).toBe(state);
    const jumped = applyRunEvent(state, event(5, { kind: "text_delta", text: "e" }));
    expect(applyRunEvent(jumped, event(4, { kind: "text_delta", text: "d" }))).toBe(jumped);
    expect(jumped.runs[RUN]?.text).toBe("abe");
  });

  it("replaces a block's deltas with its text_block, never appending twice", () => {
    const complete = applyAll([
      event(1, { kind: "text_delta", text: "Hi " }),
      event(2, { kind: "text_delta", text: "there" }),
      event(3, { kind: "text_block", text: "Hi there" }),
    ]);
    expect(complete.runs[RUN]?.text).toBe("Hi there");
    const missed = applyAll([
      event(1, { kind: "text_delta", text: "Hi " }),
      event(3, { kind: "text_block", text: "Hi there" }),
    ]);
    expect(missed.runs[RUN]?.text).toBe("Hi there");
  });

  it("joins blocks with a blank line and keeps the next block's deltas", () => {
    const state = applyAll([
      event(1, { kind: "text_block", text: "First." }),
      event(2, { kind: "tool_use", tool: { id: "t1", name: "Bash", input: { command: "ls" } } }),
      event(3, { kind: "text_delta", text: "Sec" }),
    ]);
    expect(state.runs[RUN]?.text).toBe("First.\n\nSec");
  });

  it("pairs tool results with their tool use", () => {
    const state = applyAll([
      event(1, { kind: "tool_use", tool: { id: "t1", name: "Bash", input: { command: "ls" } } }),
      event(2, { kind: "tool_result", toolUseId: "t1", content: "a.txt", isError: false }),
      event(3, { kind: "tool_result", toolUseId: "unknown", content: "x", isError: true }),
    ]);
    expect(state.runs[RUN]?.tools).toEqual([
      { id: "t1", name: "Bash", input: { command: "ls" }, result: { content: "a.txt", isError: false } },
    ]);
  });

  it("shows the latest api_retry until output arrives, and keeps notices", () => {
    const retry = { errorStatus: 529, error: "overloaded", delayMs: 1000, maxRetries: 10 };
    const retrying = applyAll([
      event(1, { kind: "api_retry", attempt: 1, ...retry }),
      event(2, { kind: "api_retry", attempt: 2, ...retry }),
      event(3, { kind: "notice", message: "slow" }),
    ]);
    expect(retrying.runs[RUN]?.retry).toMatchObject({ attempt: 2, maxRetries: 10 });
    expect(retrying.runs[RUN]?.notices).toEqual(["slow"]);
    const answered = applyRunEvent(retrying, event(4, { kind: "text_delta", text: "ok" }));
    expect(answered.runs[RUN]?.retry).toBeNull();
  });

  it("marks a run finished and keeps its partial text", () => {
    const state = applyAll([
      event(1, { kind: "text_delta", text: "partial" }),
      event(2, {
        kind: "finished",
        status: "cancelled",
        errorKind: "cancelled",
        userMessage: "Stopped.",
        assistantMessageId: 7,
      }),
    ]);
    expect(state.runs[RUN]).toMatchObject({
      status: "finished",
      text: "partial",
      finished: { status: "cancelled", assistantMessageId: 7 },
    });
  });

  it("keeps runs apart and reports afterSeq per run", () => {
    const state = applyAll([
      event(1, { kind: "text_delta", text: "a" }),
      event(1, { kind: "text_delta", text: "b" }, "run-2"),
      event(2, { kind: "text_delta", text: "c" }),
    ]);
    expect(state.runs[RUN]?.text).toBe("ac");
    expect(state.runs["run-2"]?.text).toBe("b");
    expect(afterSeqOf(state)).toEqual({ [RUN]: 2, "run-2": 1 });
  });
});
