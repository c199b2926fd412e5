import { describe, expect, it } from "vitest";
import {
  detectBlockFromHookEvent,
  detectBlockFromHookResponse,
  detectBlockFromTranscriptEntry,
  detectHookBlock,
} from "./detect-hook-block.ts";
import { parseHookPayload } from "./hook-events.ts";
import { readHookExamples, readHookPayload, readJsonl } from "./test-fixtures.ts";

describe("detectHookBlock on what the captured hooks printed", () => {
  const answers = ["Stop", "PreToolUse", "UserPromptSubmit", "SessionStart", "WorktreeCreate"].flatMap((event) =>
    readHookExamples(event).map((example) => ({ event, example })),
  );
  const blocked = answers
    .map(({ event, example }) => ({
      key: `${event}/${example.scenario}#${example.invocation_index_in_run}`,
      block: detectHookBlock({
        hookEvent: event,
        exitCode: example.hook_exit_code,
        stdout: example.hook_printed_stdout,
        stderr: example.hook_printed_stderr,
      }),
    }))
    .filter((entry) => entry.block !== null);

  it("finds exactly the Stop decision:block (h01), the PreToolUse deny (s15) and the UserPromptSubmit exit 2 (s17)", () => {
    expect(blocked.map((entry) => entry.key)).toEqual([
      "Stop/h01-stop-block-once#0",
      "PreToolUse/s15-bash-pretool-hook-deny#0",
      "UserPromptSubmit/s17-prompt-hook-exit2#0",
    ]);
    expect(blocked.map((entry) => entry.block?.reason)).toEqual([
      "KW_AFTERBLOCK The Stop hook blocked you: please also say goodbye.",
      "PreToolUse hook denied this tool call (deny test)",
      "UserPromptSubmit hook refused this (exit code 2 test)",
    ]);
  });

  it("does not call additionalContext (h05) or a WorktreeCreate path (k02) a block", () => {
    const h05 = answers.find(({ example }) => example.scenario === "h05-sessionstart-additionalcontext")?.example;
    const k02 = answers.find(({ example }) => example.scenario === "k02-worktree-hook")?.example;
    expect(h05?.hook_printed_stdout).toContain("additionalContext");
    expect(k02?.hook_printed_stdout).toBe("/work/example-repo-worktrees/testwt");
    expect(
      detectHookBlock({ hookEvent: "SessionStart", exitCode: 0, stdout: h05?.hook_printed_stdout ?? "", stderr: "" }),
    ).toBeNull();
    expect(
      detectHookBlock({
        hookEvent: "UserPromptSubmit",
        exitCode: 0,
        stdout: '{"hookSpecificOutput":{"additionalContext":"x"}}',
        stderr: "",
      }),
    ).toBeNull();
  });

  it("treats exit 1 as non-blocking and ignores exit 2 on events that cannot block", () => {
    expect(detectHookBlock({ hookEvent: "PreToolUse", exitCode: 1, stdout: "", stderr: "boom" })).toBeNull();
    expect(detectHookBlock({ hookEvent: "SessionStart", exitCode: 2, stdout: "", stderr: "no" })).toBeNull();
  });

  it("reads continue:false and a PermissionRequest deny", () => {
    expect(
      detectHookBlock({
        hookEvent: "PostToolUse",
        exitCode: 0,
        stdout: '{"continue":false,"stopReason":"halt"}',
        stderr: "",
      })?.reason,
    ).toBe("halt");
    expect(
      detectHookBlock({
        hookEvent: "PermissionRequest",
        exitCode: 0,
        stdout:
          '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"nope"}}}',
        stderr: "",
      })?.reason,
    ).toBe("nope");
    expect(detectHookBlock({ hookEvent: "Stop", exitCode: 0, stdout: "not json {", stderr: "" })).toBeNull();
  });
});

describe("detectBlockFromHookResponse on --include-hook-events output", () => {
  it("finds the Stop block in h08 and the PreToolUse exit 2 in h09, nothing else", () => {
    const h08 = readJsonl("stream-json/h08-stop-block-once-include-hook-events.jsonl")
      .map(detectBlockFromHookResponse)
      .filter(Boolean);
    expect(h08).toEqual([
      {
        hookEvent: "Stop",
        source: "hook_response",
        reason: "KW_AFTERBLOCK The Stop hook blocked you: please also say goodbye.",
        command: null,
      },
    ]);
    const h09 = readJsonl("stream-json/h09-pretool-exit2-include-hook-events.jsonl")
      .map(detectBlockFromHookResponse)
      .filter(Boolean);
    expect(h09).toEqual([
      {
        hookEvent: "PreToolUse",
        source: "hook_response",
        reason: "PreToolUse hook refused this (exit code 2 test)",
        command: null,
      },
    ]);
  });
});

describe("detectBlockFromTranscriptEntry", () => {
  it("reads the hook_blocking_error attachment of h01", () => {
    const blocks = readJsonl("transcripts/h01-stop-block-once.jsonl")
      .map(detectBlockFromTranscriptEntry)
      .filter(Boolean);
    expect(blocks).toEqual([
      {
        hookEvent: "Stop",
        source: "transcript",
        reason: "KW_AFTERBLOCK The Stop hook blocked you: please also say goodbye.",
        command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/log_hook.py" Stop',
      },
    ]);
  });
});

describe("detectBlockFromHookEvent", () => {
  it("sees an earlier Stop block only through stop_hook_active on the next Stop", () => {
    const parse = (index: number) => {
      const result = parseHookPayload(readHookPayload({ event: "Stop", scenario: "h01-stop-block-once", index }));
      if (!result.ok) throw new Error(result.reason);
      return result.event;
    };
    expect(detectBlockFromHookEvent(parse(0))).toBeNull();
    expect(detectBlockFromHookEvent(parse(1))).toEqual({
      hookEvent: "Stop",
      source: "payload",
      reason: null,
      command: null,
    });
  });
});
