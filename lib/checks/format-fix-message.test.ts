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
  failures: null,
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

  it("carries the output as plain text, without the colour codes a terminal would draw", () => {
    const coloured = { ...failed, output: "\u001b[31mFAIL\u001b[39m a.test.ts\n\u001b[2mexpected 1\u001b[22m\n" };
    const message = formatFixMessage([coloured]);
    expect(message).toContain("FAIL a.test.ts\nexpected 1");
    expect(message).not.toContain("\u001b");
  });

  it("keeps the end of a long output and says when a check timed out", () => {
    const long = { ...failed, status: "timed_out" as const, exitCode: null, output: `start${"x".repeat(10_000)}end` };
    const message = formatFixMessage([long, failed]);
    expect(message.startsWith("These checks fail:")).toBe(true);
    expect(message).toContain('Check "unit" (`npm test`) timed out on 0123456');
    expect(message).not.toContain("start");
    expect(message).toContain("xend");
  });

  it("puts the failing tests found in the output first, each with its place and lines, then the output's end", () => {
    const output = "RUN v4\n× subtracts\nFAIL src/math.test.js > subtracts\nexpected 2 to be 3\nTests 1 failed\n";
    const found = {
      ...failed,
      output,
      failures: {
        format: "vitest" as const,
        omitted: 3,
        failures: [
          {
            name: "subtracts",
            file: "src/math.test.js",
            line: 7,
            lines: ["expected 2 to be 3", " ❯ src/math.test.js:7:19"],
          },
          { name: "parses ```json```", lines: ["SyntaxError"] },
        ],
      },
    };
    expect(formatFixMessage([found])).toBe(
      [
        "This check fails:",
        "",
        'Check "unit" (`npm test`) exited with code 1 on 0123456 with uncommitted changes.',
        "Failing tests (found in its vitest output):",
        "1. subtracts (src/math.test.js:7)",
        "```text",
        "expected 2 to be 3",
        " ❯ src/math.test.js:7:19",
        "```",
        "2. parses ```json```",
        "```text",
        "SyntaxError",
        "```",
        "…and 3 more failing tests.",
        "The end of its output:",
        "```text",
        output.trimEnd(),
        "```",
        "",
        "Find the cause and fix it, then run the failing command again to confirm it passes.",
      ].join("\n"),
    );
  });

  it("names the failing tests whose lines no longer fit, without their lines", () => {
    const lines = Array.from({ length: 40 }, (_, n) => `${n} ${"x".repeat(100)}`);
    const failures = Array.from({ length: 3 }, (_, n) => ({ name: `case ${n}`, lines }));
    const message = formatFixMessage([{ ...failed, failures: { format: "tap", omitted: 0, failures } }]);
    expect(message).toContain("1. case 0\n```text\n0 xxx");
    expect(message).toContain("\n2. case 1\n3. case 2\nThe end of its output:");
  });
});
