import { describe, expect, it } from "vitest";
import { readStreamJsonLines } from "@/tests/support/claude-fixtures.ts";
import { createAssistantTextBuilder } from "./assistant-text.ts";
import { parseStreamJsonLine } from "./parse-stream-json.ts";
import type { ClaudeStreamEvent, ResultEvent } from "./stream-event.ts";

/** The pinned CLI's output; parse-stream-json.test.ts keeps the 2.1.197 captures (users may run either). */
function parseFixture(scenario: string): ClaudeStreamEvent[] {
  return readStreamJsonLines(scenario, "2.1.332").map(parseStreamJsonLine);
}

function results(events: ClaudeStreamEvent[]): ResultEvent[] {
  return events.filter((event): event is ResultEvent => event.kind === "result");
}

function textOf(events: ClaudeStreamEvent[]): string {
  const builder = createAssistantTextBuilder();
  for (const event of events) builder.add(event);
  return builder.text();
}

describe("parseStreamJsonLine on real 2.1.332 output", () => {
  it("parses a plain run (s01) although init and result gained fields and result no longer starts with type", () => {
    const events = parseFixture("s01-text");
    expect(events.map((event) => event.kind)).toEqual([
      "system_other",
      "system_other",
      "init",
      "assistant_message",
      "result",
    ]);
    expect(events[2]).toMatchObject({ kind: "init", claudeCodeVersion: "2.1.332", permissionMode: "default" });
    expect(results(events)).toMatchObject([{ subtype: "success", isError: false, text: "Hello from the mock model." }]);
  });

  it("keeps the new system/permission_denied line as a system event beside the denial in the result (s08)", () => {
    const events = parseFixture("s08-bash-not-allowed");
    expect(events).toContainEqual(expect.objectContaining({ kind: "system_other", subtype: "permission_denied" }));
    expect(events).toContainEqual(expect.objectContaining({ kind: "tool_result", isError: true }));
    expect(results(events)[0]?.permissionDenials).toMatchObject([{ toolName: "Bash" }]);
  });

  it("reads API failures from the synthetic message and the result: terminal_reason is now api_error (e05, e09)", () => {
    const overloaded = parseFixture("e05-http529-max-retries-1");
    expect(overloaded).toContainEqual(expect.objectContaining({ kind: "api_retry", errorStatus: 529 }));
    expect(overloaded).toContainEqual(expect.objectContaining({ kind: "assistant_message", isSynthetic: true }));
    expect(results(overloaded)).toMatchObject([{ isError: true, apiErrorStatus: 529, terminalReason: "api_error" }]);
    expect(textOf(overloaded)).toBe("");
    expect(results(parseFixture("e09-connection-refused"))).toMatchObject([{ isError: true, apiErrorStatus: null }]);
  });

  it("keeps the partial text of an interrupted answer, now marked aborted (x02)", () => {
    const events = parseFixture("x02-sigint-mid-stream");
    expect(textOf(events)).toBe("Slow ");
    expect(results(events)).toMatchObject([{ subtype: "error_during_execution", terminalReason: "aborted_streaming" }]);
  });

  it("leaves the subagent's now-streamed messages out of the answer and reads both results of a background agent (t02)", () => {
    const events = parseFixture("t02-subagent");
    const subagent = events.filter((event) => event.kind === "assistant_message" && event.parentToolUseId !== null);
    expect(subagent).toMatchObject([{ blocks: [{ type: "text", text: "Hello from the mock model." }] }]);
    expect(results(events)).toHaveLength(2);
    expect(textOf(events)).toMatch(
      /^Agent returned: Async agent launched successfully\.[\s\S]*\n\nHello from the mock model\.$/,
    );
  });

  it("parses can_use_tool with blocked_path and without decision_reason (j03)", () => {
    const request = parseFixture("j03-sdk-permission-prompt-stdio-allow").find(
      (event) => event.kind === "control_request",
    );
    expect(request).toMatchObject({
      subtype: "can_use_tool",
      permission: {
        toolName: "Bash",
        input: { command: "echo hi > out.txt" },
        blockedPath: "/work/example-repo/out.txt",
        decisionReason: null,
        toolUseId: "toolu_mock_000047_0",
      },
    });
  });

  it("adds up the text deltas of partial messages to the answer (p01)", () => {
    const deltas = parseFixture("p01-slow-partial-messages").flatMap((event) =>
      event.kind === "text_delta" ? [event.text] : [],
    );
    expect(deltas.join("")).toBe("Slow stream chunk number one, two, three, four, five, done.");
  });
});
