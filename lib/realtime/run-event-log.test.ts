import { describe, expect, it } from "vitest";
import { EventHub, sessionTopic } from "./event-hub.ts";
import type { ServerMessage } from "./protocol.ts";
import { RunEventLog } from "./run-event-log.ts";

type RunEventMessage = Extract<ServerMessage, { type: "run_event" }>;

const relayed = (seq: number, text: string): RunEventMessage => ({
  type: "run_event",
  sessionId: "s1",
  runId: "r1",
  seq,
  at: 1_700_000_000_000 + seq,
  event: { kind: "text_delta", text },
});

describe("RunEventLog.relay (another instance's run)", () => {
  it("tells this instance's pages, keeps the events for replay with their own numbers, and drops repeats", () => {
    const hub = new EventHub();
    const tapped: ServerMessage[] = [];
    hub.setTap((_topic, message) => tapped.push(message));
    const heard: ServerMessage[] = [];
    hub.subscribe(sessionTopic("s1"), (message) => heard.push(message));
    const log = new RunEventLog(hub);

    log.relay(relayed(1, "Hel"));
    log.relay(relayed(3, "lo"));
    log.relay(relayed(3, "lo"));
    log.relay(relayed(2, "late"));

    expect(heard.map((message) => message.type === "run_event" && message.seq)).toEqual([1, 3]);
    expect(log.eventsAfter("s1", { r1: 1 }).map((message) => message.seq)).toEqual([3]);
    // Never sent back to the team: it came from there.
    expect(tapped).toEqual([]);
  });

  it("publishes this instance's own runs to the tap", () => {
    const hub = new EventHub();
    const tapped: ServerMessage[] = [];
    hub.setTap((_topic, message) => tapped.push(message));
    new RunEventLog(hub).publish({ sessionId: "s1", runId: "r2", event: { kind: "text_delta", text: "x" } });
    expect(tapped).toHaveLength(1);
  });
});
