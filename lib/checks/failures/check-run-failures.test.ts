import { describe, expect, it } from "vitest";
import { findCheckRunFailures } from "./check-run-failures.ts";

const tap = [
  "TAP version 13",
  "not ok 1 - adds",
  "  ---",
  "  location: '/work/repo/test/add.test.mjs:4:1'",
  "  error: 'expected 3'",
  "  ...",
  "1..1",
].join("\n");

describe("findCheckRunFailures", () => {
  it("finds a failed run's failures, with files in the worktree relative to it", () => {
    const found = findCheckRunFailures({ status: "failed", output: tap, worktreePath: "/work/repo/" });
    expect(found).toMatchObject({ format: "tap", failures: [{ name: "adds", file: "test/add.test.mjs", line: 4 }] });
    const elsewhere = findCheckRunFailures({ status: "timed_out", output: tap, worktreePath: "/work/other" });
    expect(elsewhere?.failures[0]?.file).toBe("/work/repo/test/add.test.mjs");
  });

  it("has none for a run that passed, is running or was cancelled", () => {
    for (const status of ["passed", "running", "cancelled"] as const) {
      expect(findCheckRunFailures({ status, output: tap, worktreePath: "/work/repo" })).toBeNull();
    }
  });
});
