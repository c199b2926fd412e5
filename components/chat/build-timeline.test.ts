import { describe, expect, it } from "vitest";
import type { MessageView, RunView } from "@/lib/realtime/chat-views.ts";
import { applyRunEvent } from "@/components/realtime/apply-run-event.ts";
import { EMPTY_LIVE_RUNS, type LiveRunsState } from "@/components/realtime/live-run-types.ts";
import { buildTimeline } from "./build-timeline.ts";

function message(id: number, role: MessageView["role"], status = "complete", runId?: string): MessageView {
  const run = runId ? ({ id: runId } as RunView) : null;
  return { id, sessionId: "s", role, content: `m${id}`, status, createdAt: "", isArchived: false, run };
}

function live(...events: Array<[string, number, Parameters<typeof applyRunEvent>[1]["event"]]>): LiveRunsState {
  return events.reduce(
    (state, [runId, seq, event]) =>
      applyRunEvent(state, { type: "run_event", sessionId: "s", runId, seq, at: seq, event }),
    EMPTY_LIVE_RUNS,
  );
}

const kinds = (entries: ReturnType<typeof buildTimeline>) => entries.map((entry) => `${entry.kind}:${entry.key}`);

describe("buildTimeline", () => {
  it("shows a stored streaming answer once, through its live run", () => {
    const state = live(["r1", 1, { kind: "text_delta", text: "hi" }]);
    const entries = buildTimeline({
      messages: [message(1, "user"), message(2, "assistant", "streaming", "r1")],
      live: state,
      pending: [],
    });
    expect(kinds(entries)).toEqual(["message:m1", "live:m2"]);
    expect(entries[1]).toMatchObject({ runId: "r1", live: { text: "hi" } });
  });

  it("appends live runs that have no stored message yet, and drops them once stored", () => {
    const state = live(["r1", 1, { kind: "queued", position: 1 }]);
    expect(kinds(buildTimeline({ messages: [message(1, "user")], live: state, pending: [] }))).toEqual([
      "message:m1",
      "live:rr1",
    ]);
    const stored = [message(1, "user"), message(2, "assistant", "complete", "r1")];
    expect(kinds(buildTimeline({ messages: stored, live: state, pending: [] }))).toEqual(["message:m1", "message:m2"]);
  });

  it("hides a cancelled queued run that never got a message", () => {
    const state = live(
      ["r1", 1, { kind: "queued", position: 1 }],
      [
        "r1",
        2,
        { kind: "finished", status: "cancelled", errorKind: "cancelled", userMessage: null, assistantMessageId: null },
      ],
    );
    expect(kinds(buildTimeline({ messages: [], live: state, pending: [] }))).toEqual([]);
  });

  it("does not bring back a finished run whose answer was archived (Lighten), while one still loading shows", () => {
    const finished = (assistantMessageId: number) =>
      live(
        ["r1", 1, { kind: "tool_use", tool: { id: "t1", name: "Bash", input: {} } }],
        ["r1", 2, { kind: "finished", status: "success", errorKind: null, userMessage: null, assistantMessageId }],
      );
    // Lightened: the answer (#2) is archived and the list holds only the note (#3) that came after it.
    expect(kinds(buildTimeline({ messages: [message(3, "system")], live: finished(2), pending: [] }))).toEqual([
      "message:m3",
    ]);
    // Just finished: the list was loaded before the answer (#4) was stored; it shows until the refetch.
    expect(kinds(buildTimeline({ messages: [message(3, "user")], live: finished(4), pending: [] }))).toEqual([
      "message:m3",
      "live:rr1",
    ]);
  });

  it("shows a pending send until the server returns the stored user message", () => {
    const pending = [{ userMessage: "hello ", afterMessageId: 2, sentAt: 10 }];
    const before = [message(1, "user"), message(2, "assistant", "complete", "r0")];
    expect(kinds(buildTimeline({ messages: before, live: EMPTY_LIVE_RUNS, pending }))).toEqual([
      "message:m1",
      "message:m2",
      "pending:p10",
    ]);
    const stored = [...before, { ...message(3, "user"), content: "hello" }];
    expect(kinds(buildTimeline({ messages: stored, live: EMPTY_LIVE_RUNS, pending }))).toEqual([
      "message:m1",
      "message:m2",
      "message:m3",
    ]);
  });

  it("de-duplicates and orders messages from overlapping pages", () => {
    const entries = buildTimeline({
      messages: [message(3, "user"), message(1, "user"), message(3, "user")],
      live: EMPTY_LIVE_RUNS,
      pending: [],
    });
    expect(kinds(entries)).toEqual(["message:m1", "message:m3"]);
  });
});
