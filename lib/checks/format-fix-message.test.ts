import { describe, expect, it } from "vitest";
import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import { formatFixMessage } from "./format-fix-message.ts";

const failed: CheckRunView = {
  id: "1",
  batchId: "b",
  name: "unit",
  command: "npm test",
  status: "failed",
  exitCode: 1,
  commit: "0123456789abcdef0123456789abcdef01234567",
  tree: "t",
  dirty: true,
  startedAt: "2026-01-01T00:00:00.000Z",
  finishedAt: "2026-01-01T00:00:01.000Z",
  output: "FAIL a.test.ts\n```\nexpected 1\n",
  droppedBytes: 0,
  message: null,
  cached: false,
};

describe("formatFixMessage", () => {
  it("states the command, how it ended, the commit and the output in a fence the output cannot close", () => {
    expect(formatFixMessage([failed])).toBe(
      [
        "This check fails:",
        "",
        'Check "unit" (`npm test`) exited with code 1 on 0123456 with uncommitted changes.',
        "````text",
        "FAIL a.test.ts\n```\nexpected 1",
        "````",
        "",
        "Find the cause and fix it, then run the failing command again to confirm it passes.",
      ].join("\n"),
    );
  });

  it("keeps the end of a long output and says when a check timed out", () => {
    const long = { ...failed, status: "timed_out" as const, exitCode: null, output: `start${"x".repeat(10_000)}end` };
    const message = formatFixMessage([long, failed]);
    expect(message.startsWith("These checks fail:")).toBe(true);
    expect(message).toContain('Check "unit" (`npm test`) timed out on 0123456');
    expect(message).not.toContain("start");
    expect(message).toContain("xend");
  });
});
