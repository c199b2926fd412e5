import { describe, expect, it } from "vitest";
import { readStreamJsonLines } from "@/tests/support/claude-fixtures.ts";
import { createConversationChannel, type PermissionRequest } from "./claude-conversation.ts";
import { parseStreamJsonLine } from "@/lib/agent/stream/parse-stream-json.ts";
import type { ClaudeStreamEvent, PermissionRequestFields } from "@/lib/agent/stream/stream-event.ts";
import { createToolUseInputs } from "./tool-use-inputs.ts";

function readEvents(version: string, scenario: string): ClaudeStreamEvent[] {
  return readStreamJsonLines(scenario, version).map(parseStreamJsonLine);
}

/** Feeds a captured run through a conversation channel and returns what the user would be asked. */
function askedDuring(events: ClaudeStreamEvent[]): PermissionRequest[] {
  const asked: PermissionRequest[] = [];
  const channel = createConversationChannel({
    conversation: { onPermissionRequest: (request) => (asked.push(request), new Promise(() => {})) },
    write: () => {},
    diagnostics: [],
  });
  for (const event of events) {
    channel.noteEvent(event);
    if (event.kind === "control_request") channel.handleRequest(event);
  }
  return asked;
}

const PLAN = "# Plan\n1. Add the table";

describe("filling a permission request's input from the streamed tool call", () => {
  it("shows ExitPlanMode's plan although 2.1.332 sends its can_use_tool with an empty input (j06)", () => {
    const events = readEvents("2.1.332", "j06-sdk-exit-plan-mode");
    const raw = events.find((event) => event.kind === "control_request");
    expect(raw?.kind === "control_request" && raw.permission?.input).toEqual({});
    expect(askedDuring(events)).toMatchObject([{ toolName: "ExitPlanMode", input: { plan: PLAN } }]);
  });

  it("keeps the input the CLI sent when it has one (j03)", () => {
    expect(askedDuring(readEvents("2.1.332", "j03-sdk-permission-prompt-stdio-allow"))).toMatchObject([
      { toolName: "Bash", input: { command: "echo hi > out.txt", description: "Run a command" } },
    ]);
    const tools = createToolUseInputs();
    tools.add(parseStreamJsonLine(toolUseLine({ id: "t1", input: { command: "streamed" } })));
    const sent = permission({ toolUseId: "t1", input: { command: "as sent" } });
    expect(tools.complete(sent)).toBe(sent);
  });

  it("leaves an empty input alone when no tool call of that id was streamed", () => {
    const tools = createToolUseInputs();
    tools.add(parseStreamJsonLine(toolUseLine({ id: "t1", input: { plan: PLAN } })));
    expect(tools.complete(permission({ toolUseId: "t2", input: {} })).input).toEqual({});
    expect(tools.complete(permission({ toolUseId: null, input: {} })).input).toEqual({});
  });

  it("keeps only the latest calls' inputs, and each until its request is filled", () => {
    const tools = createToolUseInputs();
    for (let index = 0; index < 100; index += 1) {
      tools.add(parseStreamJsonLine(toolUseLine({ id: `t${index}`, input: { plan: `plan ${index}` } })));
    }
    expect(tools.complete(permission({ toolUseId: "t0", input: {} })).input).toEqual({});
    expect(tools.complete(permission({ toolUseId: "t99", input: {} })).input).toEqual({ plan: "plan 99" });
    expect(tools.complete(permission({ toolUseId: "t99", input: {} })).input).toEqual({});
  });
});

function toolUseLine(block: { id: string; input: Record<string, unknown> }): string {
  return JSON.stringify({
    type: "assistant",
    message: { id: "m1", model: "m", content: [{ type: "tool_use", name: "ExitPlanMode", ...block }] },
    parent_tool_use_id: null,
  });
}

function permission(fields: Pick<PermissionRequestFields, "toolUseId" | "input">): PermissionRequestFields {
  return {
    toolName: "ExitPlanMode",
    displayName: null,
    description: null,
    suggestions: [],
    decisionReason: null,
    blockedPath: null,
    ...fields,
  };
}
