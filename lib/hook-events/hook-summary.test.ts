import { describe, expect, it } from "vitest";
import { parseHookPayload, type HookEvent } from "./hook-events.ts";
import { excerpt, summarizeHookEvent } from "./hook-summary.ts";
import { readHookPayload } from "@/tests/support/claude-fixtures.ts";

function captured(event: string, scenario: string, index?: number): HookEvent {
  const result = parseHookPayload(readHookPayload({ event, scenario, index }));
  if (!result.ok) throw new Error(result.reason);
  return result.event;
}

function synthetic(payload: Record<string, unknown>): HookEvent {
  const result = parseHookPayload({ session_id: "s", cwd: "/repo", ...payload });
  if (!result.ok) throw new Error(result.reason);
  return result.event;
}

describe("summarizeHookEvent on captured payloads", () => {
  it.each([
    ["SessionStart", "s01-text", 0, "SessionStart (startup)"],
    ["SessionStart", "r01-resume", 0, "SessionStart (resume)"],
    ["SessionStart", "c01-compact-resumed", 1, "SessionStart (compact)"],
    ["UserPromptSubmit", "s01-text", 0, "prompt: KW_HELLO say hi"],
    ["UserPromptSubmit", "i03-stdin-plus-argv", 0, "prompt: KW_HELLO argv part KW_HELLO prompt from stdin"],
    ["PreToolUse", "s05-bash-allowed", 0, "Bash: echo hi > out.txt"],
    ["PreToolUse", "s07-write-acceptedits", 0, "Write: notes.txt"],
    ["PreToolUse", "t02-subagent", 0, "Agent: Say hi"],
    ["PostToolUse", "s19-read-edit-acceptedits", 1, "Edit: notes.txt"],
    [
      "PostToolUseFailure",
      "s09-bash-failure",
      0,
      "failed Bash: ls /nonexistent-dir-for-test: Exit code 2 ls: cannot access '/nonexistent-dir-for-test': No such file or dire…",
    ],
    ["PermissionRequest", "j03-sdk-permission-prompt-stdio-allow", 0, "permission? Bash: python3 -c 'print(6*7)'"],
    ["Stop", "s01-text", 0, "Stop: Hello from the mock model."],
    [
      "Stop",
      "h01-stop-block-once",
      1,
      "Stop (after a Stop hook block): Goodbye (answer produced after the Stop hook blocked).",
    ],
    ["StopFailure", "e01-http401", 0, "StopFailure (authentication_failed): Invalid API key · Fix external API key"],
    ["SubagentStart", "t02-subagent", 0, "SubagentStart general-purpose"],
    ["SubagentStop", "t02-subagent", 0, "SubagentStop general-purpose: Hi from the subagent."],
    ["PreCompact", "c01-compact-resumed", 0, "PreCompact (manual)"],
    ["SessionEnd", "s01-text", 0, "SessionEnd (other)"],
    ["CwdChanged", "t04-bash-cd", 0, "cwd → /work/example-repo/sub"],
    ["TaskCreated", "t03-task-tools", 0, "TaskCreated"],
  ])("%s in %s (#%i) → %s", (event, scenario, index, expected) => {
    expect(summarizeHookEvent(captured(event, scenario, index))).toBe(expected);
  });

  it("cuts a long assistant message to one line of about 80 characters", () => {
    const summary = summarizeHookEvent(captured("StopFailure", "e08-http400-invalid-request"));
    expect(summary.startsWith("StopFailure (invalid_request): Prompt is too long")).toBe(true);
    expect(summary.endsWith("…")).toBe(true);
    expect(summary).not.toContain("\n");
  });
});

describe("summarizeHookEvent on edge cases", () => {
  it("collapses a multi-line prompt and cuts it with an ellipsis", () => {
    const summary = summarizeHookEvent(
      synthetic({ hook_event_name: "UserPromptSubmit", prompt: `line one\n\n${"x".repeat(200)}` }),
    );
    expect(summary).toBe(`prompt: line one ${"x".repeat(70)}…`);
  });

  it("shows a tool name alone when the input is missing", () => {
    expect(summarizeHookEvent(synthetic({ hook_event_name: "PreToolUse", tool_name: "Bash" }))).toBe("Bash");
  });

  it("falls back to the event name for unknown events and a Notification's message", () => {
    expect(summarizeHookEvent(synthetic({ hook_event_name: "FutureEvent" }))).toBe("FutureEvent");
    expect(
      summarizeHookEvent(synthetic({ hook_event_name: "Notification", message: "Claude needs your permission" })),
    ).toBe("Notification: Claude needs your permission");
  });
});

describe("excerpt", () => {
  it("counts code points, so an emoji is never split", () => {
    const text = "😀".repeat(100);
    expect(Array.from(excerpt(text))).toHaveLength(80);
  });
});
