import { describe, expect, it } from "vitest";
import { detectBlockFromHookEvent, detectBlockFromTranscriptEntry } from "./detect-hook-block.ts";
import { parseHookPayload } from "./hook-events.ts";
import { readHookPayload, readJsonl } from "@/tests/support/claude-fixtures.ts";

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
