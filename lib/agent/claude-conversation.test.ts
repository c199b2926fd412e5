import { describe, expect, it } from "vitest";
import { createConversationChannel, type PermissionRequest } from "./claude-conversation.ts";
import type { PermissionAnswer } from "./control-messages.ts";
import { parseStreamJsonLine } from "@/lib/agent/stream/parse-stream-json.ts";
import type { ControlRequestEvent } from "@/lib/agent/stream/stream-event.ts";

function request(line: object): ControlRequestEvent {
  const event = parseStreamJsonLine(JSON.stringify(line));
  if (event.kind !== "control_request") throw new Error(`not a control request: ${event.kind}`);
  return event;
}

function setup(answer: (request: PermissionRequest) => Promise<PermissionAnswer>) {
  const written: unknown[] = [];
  const closed: string[] = [];
  const channel = createConversationChannel({
    conversation: { onPermissionRequest: answer, onPermissionClosed: (id, reason) => closed.push(`${id}:${reason}`) },
    write: (line) => written.push(JSON.parse(line)),
    diagnostics: [],
  });
  return { channel, written, closed };
}

const canUse = (id: string, extra: object = {}) => ({
  type: "control_request",
  request_id: id,
  request: { subtype: "can_use_tool", tool_name: "Bash", input: { command: "ls" }, ...extra },
});

describe("the conversation channel", () => {
  it("answers a permission request with the user's answer, under the CLI's request id", async () => {
    const { channel, written } = setup(() => Promise.resolve({ behavior: "allow", updatedInput: { command: "ls" } }));
    channel.handleRequest(request(canUse("r1")));
    await Promise.resolve();
    await Promise.resolve();
    expect(written).toEqual([
      {
        type: "control_response",
        response: {
          subtype: "success",
          request_id: "r1",
          response: { behavior: "allow", updatedInput: { command: "ls" } },
        },
      },
    ]);
  });

  it("denies a malformed can_use_tool and refuses requests Arbor does not serve, without asking anybody", () => {
    let asked = 0;
    const { channel, written } = setup(() => {
      asked += 1;
      return new Promise(() => {});
    });
    channel.handleRequest(
      request({ type: "control_request", request_id: "m1", request: { subtype: "can_use_tool", tool_name: "Bash" } }),
    );
    channel.handleRequest(
      request({ type: "control_request", request_id: "h1", request: { subtype: "hook_callback" } }),
    );
    expect(asked).toBe(0);
    expect(written).toMatchObject([
      { response: { request_id: "m1", response: { behavior: "deny" } } },
      {
        response: { subtype: "error", request_id: "h1", error: expect.stringMatching(/does not serve hook_callback/) },
      },
    ]);
  });

  it("never writes an answer for a request the CLI withdrew, and closes what is left when the run ends", async () => {
    let release: (answer: PermissionAnswer) => void = () => {};
    const { channel, written, closed } = setup(() => new Promise((resolve) => (release = resolve)));
    channel.handleRequest(request(canUse("w1")));
    channel.handleCancel("w1");
    release({ behavior: "allow", updatedInput: {} });
    await Promise.resolve();
    expect(written).toEqual([]);
    channel.handleRequest(request(canUse("w2")));
    expect(channel.waitingCount()).toBe(1);
    channel.close();
    expect(closed).toEqual(["w1:withdrawn", "w2:run_ended"]);
  });

  it("turns a failure to ask into a deny that says so", async () => {
    const { channel, written } = setup(() => Promise.reject(new Error("database is locked")));
    channel.handleRequest(request(canUse("f1")));
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toMatchObject([
      { response: { response: { behavior: "deny", message: expect.stringMatching(/database is locked/) } } },
    ]);
  });
});
