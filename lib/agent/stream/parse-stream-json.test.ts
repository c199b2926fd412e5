import { describe, expect, it } from "vitest";
import { readStreamJsonLines } from "@/tests/support/claude-fixtures.ts";
import { parseStreamJsonLine } from "./parse-stream-json.ts";
import type { ClaudeStreamEvent, ResultEvent } from "./stream-event.ts";

const readLines = (scenario: string) => readStreamJsonLines(scenario);

function parseFixture(scenario: string): ClaudeStreamEvent[] {
  return readLines(scenario).map(parseStreamJsonLine);
}

function resultOf(events: ClaudeStreamEvent[]): ResultEvent {
  const result = events.find((event): event is ResultEvent => event.kind === "result");
  if (!result) throw new Error("fixture has no result event");
  return result;
}

describe("parseStreamJsonLine on real 2.1.197 output", () => {
  it("parses a plain text run (s01): hook events, init, assistant text, result", () => {
    const events = parseFixture("s01-text");
    expect(events.map((event) => event.kind)).toEqual([
      "system_other",
      "system_other",
      "init",
      "assistant_message",
      "result",
    ]);
    expect(events[0]).toMatchObject({ kind: "system_other", subtype: "hook_started" });
    expect(events[2]).toMatchObject({
      kind: "init",
      sessionId: "9c0f0f8c-d2d3-4f13-a8e5-95682cbd7600",
      model: "claude-opus-4-8[1m]",
      cwd: "/work/example-repo",
      permissionMode: "default",
      claudeCodeVersion: "2.1.197",
    });
    expect(events[2]?.kind === "init" && events[2].tools).toContain("Bash");
    expect(events[3]).toEqual({
      kind: "assistant_message",
      messageId: "msg_mock_000003",
      parentToolUseId: null,
      model: "claude-opus-4-8",
      isSynthetic: false,
      error: null,
      blocks: [{ type: "text", text: "Hello from the mock model." }],
    });
    expect(resultOf(events)).toEqual({
      kind: "result",
      subtype: "success",
      isError: false,
      apiErrorStatus: null,
      text: "Hello from the mock model.",
      sessionId: "9c0f0f8c-d2d3-4f13-a8e5-95682cbd7600",
      durationMs: 263,
      numTurns: 1,
      costUsd: 0.096565,
      usage: { inputTokens: 19278, outputTokens: 7 },
      models: ["claude-opus-4-8[1m]"],
      permissionDenials: [],
      terminalReason: "completed",
      stopReason: "end_turn",
      errors: [],
    });
  });

  it("turns partial messages into text_delta events that add up to the answer (p01)", () => {
    const events = parseFixture("p01-slow-partial-messages");
    const deltas = events.flatMap((event) => (event.kind === "text_delta" ? [event.text] : []));
    expect(deltas).toHaveLength(10);
    expect(deltas.join("")).toBe("Slow stream chunk number one, two, three, four, five, done.");
    expect(events.findIndex((event) => event.kind === "text_delta")).toBeLessThan(
      events.findIndex((event) => event.kind === "assistant_message"),
    );
    expect(
      events
        .filter((event) => event.kind === "stream_other")
        .map((event) => event.kind === "stream_other" && event.eventType),
    ).toEqual(["message_start", "content_block_start", "content_block_stop", "message_delta", "message_stop"]);
  });

  it("keeps input_json_delta out of the text (p04)", () => {
    const events = parseFixture("p04-tool-partial-messages");
    const text = events.flatMap((event) => (event.kind === "text_delta" ? [event.text] : [])).join("");
    expect(text).toBe("I ran the command; out.txt now contains hi.");
  });

  it("parses a tool call and its result (s05)", () => {
    const events = parseFixture("s05-bash-allowed");
    const toolUse = events.find((event) => event.kind === "assistant_message" && event.blocks[0]?.type === "tool_use");
    expect(toolUse).toMatchObject({
      blocks: [{ type: "tool_use", id: "toolu_mock_000011_0", name: "Bash", input: { command: "echo hi > out.txt" } }],
    });
    expect(events.find((event) => event.kind === "tool_result")).toEqual({
      kind: "tool_result",
      toolUseId: "toolu_mock_000011_0",
      content: "(Bash completed with no output)",
      isError: false,
      parentToolUseId: null,
    });
    expect(resultOf(events)).toMatchObject({ isError: false, numTurns: 2, permissionDenials: [] });
  });

  it("reports a denied tool as an error tool_result and a permission denial (s08)", () => {
    const events = parseFixture("s08-bash-not-allowed");
    const toolResult = events.find((event) => event.kind === "tool_result");
    expect(toolResult).toMatchObject({ isError: true, toolUseId: "toolu_mock_000023_0" });
    expect(toolResult?.kind === "tool_result" && toolResult.content).toMatch(
      /^Output redirection to '.*out\.txt' was blocked/,
    );
    expect(resultOf(events)).toMatchObject({
      isError: false,
      permissionDenials: [
        {
          toolName: "Bash",
          toolUseId: "toolu_mock_000023_0",
          toolInput: { command: "echo hi > out.txt", description: "Write hi to out.txt" },
        },
      ],
    });
  });

  it("parses retries and the synthetic error of a 529 run (e05)", () => {
    const events = parseFixture("e05-http529-max-retries-1");
    expect(events.find((event) => event.kind === "api_retry")).toEqual({
      kind: "api_retry",
      attempt: 1,
      maxRetries: 1,
      delayMs: 508,
      errorStatus: 529,
      error: "overloaded",
    });
    expect(events.find((event) => event.kind === "assistant_message")).toMatchObject({
      isSynthetic: true,
      error: "server_error",
      model: "<synthetic>",
    });
    expect(resultOf(events)).toMatchObject({
      subtype: "success",
      isError: true,
      apiErrorStatus: 529,
      models: [],
      text: expect.stringMatching(/^API Error: 529 Overloaded/),
    });
  });

  it("parses the 401 and not-logged-in results (e07, e10)", () => {
    expect(resultOf(parseFixture("e07-http401-x-should-retry-false"))).toMatchObject({
      isError: true,
      apiErrorStatus: 401,
      text: "Invalid API key · Fix external API key",
    });
    expect(resultOf(parseFixture("e10-no-api-key"))).toMatchObject({
      isError: true,
      apiErrorStatus: null,
      text: "Not logged in · Please run /login",
    });
  });

  it("parses an interrupted run (x02): partial assistant text, interruption marker, aborted result", () => {
    const events = parseFixture("x02-sigint-mid-stream");
    expect(events.find((event) => event.kind === "assistant_message")).toMatchObject({
      blocks: [{ type: "text", text: "Slow stream " }],
    });
    expect(events.some((event) => event.kind === "user_other")).toBe(true);
    expect(resultOf(events)).toMatchObject({
      subtype: "error_during_execution",
      isError: true,
      text: null,
      terminalReason: "aborted_streaming",
      apiErrorStatus: null,
      errors: [expect.stringContaining("ede_diagnostic")],
    });
  });

  it("parses a 177 KB answer line (p02)", () => {
    const events = parseFixture("p02-long-answer");
    const assistant = events.find((event) => event.kind === "assistant_message");
    const text =
      assistant?.kind === "assistant_message" && assistant.blocks[0]?.type === "text" ? assistant.blocks[0].text : "";
    expect(text.length).toBeGreaterThan(85_000);
    expect(resultOf(events).text).toBe(text);
  });

  it("marks subagent events with their parent tool id (t02)", () => {
    const events = parseFixture("t02-subagent");
    const subagentPrompt = events.find(
      (event) =>
        event.kind === "user_other" && (event.raw as { parent_tool_use_id?: unknown }).parent_tool_use_id !== null,
    );
    expect(subagentPrompt).toBeDefined();
  });

  it("keeps subagent text deltas out of text_delta", () => {
    const line = JSON.stringify({
      type: "stream_event",
      parent_tool_use_id: "toolu_1",
      event: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "sub" } },
    });
    expect(parseStreamJsonLine(line)).toMatchObject({ kind: "stream_other", eventType: "content_block_delta" });
  });
});

describe("parseStreamJsonLine on unexpected input", () => {
  it("returns invalid with the raw text for non-JSON lines", () => {
    expect(parseStreamJsonLine("Error: something broke")).toEqual({ kind: "invalid", line: "Error: something broke" });
    expect(parseStreamJsonLine("")).toEqual({ kind: "invalid", line: "" });
  });

  it("returns unknown for valid JSON of an unknown shape", () => {
    expect(parseStreamJsonLine('{"type":"control_request","request_id":"r1"}')).toEqual({
      kind: "unknown",
      type: "control_request",
      raw: { type: "control_request", request_id: "r1" },
    });
    expect(parseStreamJsonLine("[1,2]")).toEqual({ kind: "unknown", type: null, raw: [1, 2] });
    expect(parseStreamJsonLine("null")).toEqual({ kind: "unknown", type: null, raw: null });
  });

  it("fills defaults for a result with missing or mistyped fields", () => {
    expect(
      parseStreamJsonLine(
        '{"type":"result","is_error":"yes","usage":5,"permission_denials":[null,{"tool_name":"Bash"}]}',
      ),
    ).toMatchObject({
      kind: "result",
      subtype: "",
      isError: false,
      usage: { inputTokens: 0, outputTokens: 0 },
      permissionDenials: [{ toolName: "Bash", toolUseId: "", toolInput: null }],
      models: [],
    });
  });

  it("never throws, even on every truncation of real lines", () => {
    const lines = [...readLines("s05-bash-allowed"), ...readLines("e05-http529-max-retries-1")];
    for (const line of lines) {
      for (let end = 0; end <= line.length; end += 7) {
        expect(() => parseStreamJsonLine(line.slice(0, end))).not.toThrow();
      }
    }
  });
});
