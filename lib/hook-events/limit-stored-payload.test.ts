import { describe, expect, it } from "vitest";
import { limitStoredPayload } from "./limit-stored-payload.ts";
import { readHookPayload } from "@/tests/support/claude-fixtures.ts";

describe("limitStoredPayload", () => {
  it("stores a normal payload unchanged", () => {
    const payload = readHookPayload({ event: "PostToolUse", scenario: "s07-write-acceptedits" });
    const limited = limitStoredPayload({ payload });
    expect(limited.isTruncated).toBe(false);
    expect(JSON.parse(limited.json)).toEqual(payload);
    expect(limited.bytes).toBe(limited.originalBytes);
  });

  it("cuts long strings of a too-big payload but keeps its shape and small fields", () => {
    const payload = {
      ...readHookPayload({ event: "PostToolUse", scenario: "s07-write-acceptedits" }),
      tool_response: { content: "é".repeat(50_000), filePath: "/work/example-repo/notes.txt" },
    };
    const limited = limitStoredPayload({ payload, maxBytes: 20_000 });
    const stored = JSON.parse(limited.json) as {
      tool_name: string;
      session_id: string;
      tool_response: { content: string; filePath: string };
    };
    expect(limited).toMatchObject({ isTruncated: true, originalBytes: expect.any(Number) });
    expect(limited.bytes).toBeLessThanOrEqual(20_000);
    expect(limited.originalBytes).toBeGreaterThan(100_000);
    expect(stored.tool_name).toBe("Write");
    expect(stored.tool_response.filePath).toBe("/work/example-repo/notes.txt");
    expect(stored.tool_response.content).toMatch(/^é+…\[\d+ chars cut by Arbor\]$/);
  });

  it("falls back to the identifying fields when many small values are still too big", () => {
    const payload = {
      hook_event_name: "PostToolBatch",
      session_id: "s1",
      tool_calls: Array.from({ length: 5000 }, (_, index) => ({ index })),
    };
    const limited = limitStoredPayload({ payload, maxBytes: 2000 });
    expect(JSON.parse(limited.json)).toEqual({
      arbor_truncated: true,
      original_bytes: limited.originalBytes,
      hook_event_name: "PostToolBatch",
      session_id: "s1",
    });
  });
});
