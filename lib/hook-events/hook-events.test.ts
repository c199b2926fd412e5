import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ARBOR_HOOK_EVENTS, parseHookPayload } from "./hook-events.ts";
import { CAPTURED_VERSIONS, fixturePath, readHookExamples, readHookPayload } from "@/tests/support/claude-fixtures.ts";

const capturedEvents = (version: string) =>
  readdirSync(fixturePath("hooks/", version))
    .filter((name) => name.endsWith(".json") && !name.startsWith("_"))
    .map((name) => name.replace(/\.json$/, ""));

describe.each(CAPTURED_VERSIONS)("parseHookPayload on every captured %s payload", (version) => {
  it.each(capturedEvents(version))("accepts %s with its session id and event name", (event) => {
    for (const example of readHookExamples(event, version)) {
      const result = parseHookPayload(example.stdin);
      expect(result.ok ? result.event.eventName : result.reason).toBe(event);
      expect(result.ok && result.event.sessionId).toBe(example.stdin.session_id);
      expect(result.ok && result.event.isKnownEvent).toBe(true);
    }
  });

  it("knows every event name the binary has (the capture configured a hook on each)", () => {
    const settings = JSON.parse(readFileSync(fixturePath("hooks/_project-settings.json", version), "utf8")) as {
      hooks: Record<string, unknown>;
    };
    const names = Object.keys(settings.hooks);
    expect(names.length).toBeGreaterThanOrEqual(30);
    const unknown = names.filter((name) => {
      const result = parseHookPayload({ hook_event_name: name, session_id: "s" });
      return !(result.ok && result.event.isKnownEvent);
    });
    expect(unknown).toEqual([]);
  });
});

describe("parseHookPayload", () => {
  it("reads the tool fields of a PreToolUse payload (s05)", () => {
    const result = parseHookPayload(readHookPayload({ event: "PreToolUse", scenario: "s05-bash-allowed" }));
    expect(result).toMatchObject({
      ok: true,
      event: {
        eventName: "PreToolUse",
        sessionId: "5135b8db-e643-4fa0-a5ca-29f0a6a39111",
        transcriptPath: "/home/user/.claude/projects/-work-example-repo/5135b8db-e643-4fa0-a5ca-29f0a6a39111.jsonl",
        cwd: "/work/example-repo",
        toolName: "Bash",
        toolUseId: "toolu_mock_000011_0",
        promptId: "45af9d69-b777-4229-ab5b-ac8b55d27baf",
        permissionMode: "default",
        canBlock: true,
        stopHookActive: null,
      },
    });
  });

  it("leaves absent fields null: SessionStart has no prompt_id, permission_mode or tool", () => {
    const result = parseHookPayload(readHookPayload({ event: "SessionStart", scenario: "s01-text" }));
    expect(result).toMatchObject({
      ok: true,
      event: { promptId: null, permissionMode: null, toolName: null, toolUseId: null, canBlock: false },
    });
  });

  it("reads stop_hook_active and the subagent fields", () => {
    const second = parseHookPayload(readHookPayload({ event: "Stop", scenario: "h01-stop-block-once", index: 1 }));
    expect(second.ok && second.event.stopHookActive).toBe(true);
    const subagent = parseHookPayload(readHookPayload({ event: "SubagentStop", scenario: "t02-subagent" }));
    expect(subagent).toMatchObject({
      ok: true,
      event: { agentId: "a7fc07e87c75c9b96", agentType: "general-purpose", stopHookActive: false },
    });
  });
});

describe("parseHookPayload on bad input", () => {
  it.each([
    [null, "got null"],
    [[], "got an array"],
    ["Stop", "got a string"],
    [42, "got a number"],
  ])("rejects %j as not an object", (value, fragment) => {
    const result = parseHookPayload(value);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(fragment);
  });

  it("rejects a payload without hook_event_name or session_id, naming the missing field", () => {
    expect(parseHookPayload({ session_id: "s" })).toEqual({
      ok: false,
      reason: 'The hook payload has no "hook_event_name" string.',
    });
    expect(parseHookPayload({ hook_event_name: "Stop", session_id: 7 })).toEqual({
      ok: false,
      reason: 'The Stop hook payload has no "session_id" string.',
    });
  });

  it("keeps an unknown event name as-is and tolerates mistyped optional fields", () => {
    const result = parseHookPayload({
      hook_event_name: "FutureEvent",
      session_id: "s",
      cwd: 3,
      tool_name: ["x"],
      stop_hook_active: "yes",
    });
    expect(result).toMatchObject({
      ok: true,
      event: {
        eventName: "FutureEvent",
        isKnownEvent: false,
        canBlock: false,
        cwd: null,
        toolName: null,
        stopHookActive: null,
      },
    });
  });
});

describe("ARBOR_HOOK_EVENTS", () => {
  it("covers the brief's events, adds CwdChanged/PermissionDenied, and never WorktreeCreate", () => {
    expect(ARBOR_HOOK_EVENTS).toEqual(
      expect.arrayContaining([
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PermissionRequest",
        "PostToolUse",
        "PostToolUseFailure",
        "Notification",
        "Stop",
        "StopFailure",
        "SubagentStart",
        "SubagentStop",
        "PreCompact",
        "PostCompact",
        "SessionEnd",
        "CwdChanged",
        "PermissionDenied",
      ]),
    );
    expect(ARBOR_HOOK_EVENTS).not.toContain("WorktreeCreate");
    expect(new Set(ARBOR_HOOK_EVENTS).size).toBe(ARBOR_HOOK_EVENTS.length);
  });
});
