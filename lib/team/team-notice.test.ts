import { describe, expect, it } from "vitest";
import type { ServerMessage } from "@/lib/realtime/protocol.ts";
import { teamPayloadSchema, toRelayedRunEvent } from "./team-notice.ts";

type RunEventMessage = Extract<ServerMessage, { type: "run_event" }>;

const runEvent = (event: RunEventMessage["event"]): RunEventMessage => ({
  type: "run_event",
  sessionId: "s1",
  runId: "r1",
  seq: 3,
  at: 1_700_000_000_000,
  event,
});

/** The whole NOTIFY payload as the feed sends it; PostgreSQL refuses one over 8000 bytes. */
const payloadBytes = (notice: unknown) =>
  Buffer.byteLength(JSON.stringify({ from: "instance-id", notice, sentAt: 1_700_000_000_000 }));

describe("toRelayedRunEvent", () => {
  it("relays a token as it is, in a payload the receiver parses", () => {
    const message = runEvent({ kind: "text_delta", text: "Hello" });
    const notice = toRelayedRunEvent(message);
    expect(notice).toEqual({ kind: "run_event", message });
    expect(teamPayloadSchema.parse({ from: "a", notice, sentAt: 1 }).notice).toEqual(notice);
  });

  it("relays nothing that is not a run event", () => {
    expect(toRelayedRunEvent({ type: "pong" })).toBeNull();
  });

  it("drops an event too large for NOTIFY (the receiver reads the rows instead)", () => {
    expect(toRelayedRunEvent(runEvent({ kind: "text_block", text: "x".repeat(7_000) }))).toBeNull();
    const multiByte = toRelayedRunEvent(runEvent({ kind: "text_block", text: "é".repeat(3_600) }));
    expect(multiByte).toBeNull();
  });

  it("sends a long finished answer without its text, so the end still reaches the other page", () => {
    const assistantMessage = { id: 9, role: "assistant", content: "y".repeat(20_000) };
    const message = runEvent({
      kind: "finished",
      status: "success",
      assistantMessageId: 9,
      assistantMessage,
    } as unknown as RunEventMessage["event"]);
    const notice = toRelayedRunEvent(message);
    expect(notice?.kind).toBe("run_event");
    const relayed = (notice as { message: RunEventMessage }).message;
    expect(relayed.event).toMatchObject({ kind: "finished", assistantMessageId: 9 });
    expect("assistantMessage" in relayed.event && relayed.event.assistantMessage).toBeFalsy();
    expect(payloadBytes(notice)).toBeLessThan(8_000);
  });
});
