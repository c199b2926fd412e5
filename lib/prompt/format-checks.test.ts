import { describe, expect, it } from "vitest";
import { excerptOf, formatCheckLines } from "./format-checks.ts";
import type { PromptCheck } from "./types.ts";

const passed: PromptCheck = {
  name: "unit",
  command: "npm test",
  status: "passed",
  exitCode: 0,
  commit: "0123456789abcdef0123456789abcdef01234567",
  isDirty: false,
  output: "all good\n",
};

describe("formatCheckLines", () => {
  it("says nothing when no check is configured", () => {
    expect(formatCheckLines({ checks: [], isShortened: false })).toEqual([]);
  });

  it("gives one line per check with its status and commit, and an excerpt under a failure", () => {
    const failed: PromptCheck = {
      ...passed,
      name: "lint",
      command: "npm run lint",
      status: "failed",
      exitCode: 1,
      isDirty: true,
      output: "src/a.ts\n# Heading from the output\n1 problem\n",
    };
    expect(formatCheckLines({ checks: [passed, failed], isShortened: false })).toEqual([
      "- Checks (the repository's own, latest run in this worktree):",
      "  - `unit` (`npm test`): passed, on `0123456`",
      "  - `lint` (`npm run lint`): FAILED, exit 1, on `0123456` with uncommitted changes",
      "    > src/a.ts\n    > # Heading from the output\n    > 1 problem",
    ]);
    expect(formatCheckLines({ checks: [failed], isShortened: true })).toHaveLength(2);
  });

  it("keeps only the end of a long output", () => {
    const output = Array.from({ length: 100 }, (_, index) => `line ${index}`).join("\n");
    expect(excerptOf(output).split("\n")).toEqual(Array.from({ length: 12 }, (_, index) => `line ${88 + index}`));
    expect(excerptOf("x".repeat(5000)).length).toBe(1201);
  });
});
