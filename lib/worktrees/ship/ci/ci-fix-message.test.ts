import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { CiCheck } from "@/lib/worktrees/ship-types.ts";
import { buildRunLogArgs, formatCiFixMessage, keepEnd, stripGhLogPrefixes } from "./ci-fix-message.ts";

// `gh run view --log-failed` prints each line of the failed steps as `job<TAB>step<TAB>time text`;
// here around vitest 4.1's own output (lib/checks/failures/fixtures/vitest.txt, with its colours).
const vitestOutput = readFileSync(new URL("../../../checks/failures/fixtures/vitest.txt", import.meta.url), "utf8");
const asGhLog = (text: string) =>
  text
    .split("\n")
    .map(
      (line, index) =>
        `test (20.x)\tRun npm test\t2026-11-20T10:01:${String(index % 60).padStart(2, "0")}.1234567Z ${line}`,
    )
    .join("\n");

const check: CiCheck = {
  name: "test (20.x)",
  workflow: "CI",
  state: "failed",
  url: "https://github.com/octo/hello/actions/runs/11/job/22",
  runId: "11",
  jobId: "22",
};
const pullRequest = { number: 7, url: "https://github.com/octo/hello/pull/7" };

describe("buildRunLogArgs", () => {
  it("asks for the job's failed steps, else the run's, never taking an id as an option", () => {
    expect(buildRunLogArgs({ runId: "11", jobId: "22", repository: { owner: "o", name: "r" } })).toEqual([
      "run",
      "view",
      "--repo=o/r",
      "--log-failed",
      "--job=22",
    ]);
    expect(buildRunLogArgs({ runId: "11", jobId: null, repository: null })).toEqual([
      "run",
      "view",
      "--log-failed",
      "--",
      "11",
    ]);
  });
});

describe("stripGhLogPrefixes", () => {
  it("leaves the runner's own line", () => {
    expect(stripGhLogPrefixes("build\tRun tests\t2026-11-20T10:01:02.1234567Z  FAIL  a.test.ts\nplain")).toBe(
      " FAIL  a.test.ts\nplain",
    );
  });
});

describe("keepEnd", () => {
  it("keeps the end from a line's start and says how much was cut", () => {
    expect(keepEnd("abc", 5)).toEqual({ text: "abc", cut: 0 });
    const text = `${"x".repeat(100)}\n${"y".repeat(95)}`;
    expect(keepEnd(text, 100)).toEqual({ text: "y".repeat(95), cut: 101 });
    // No line starts near the cut: the end as it is.
    expect(keepEnd("z".repeat(300), 100)).toEqual({ text: "z".repeat(100), cut: 200 });
  });
});

describe("formatCiFixMessage", () => {
  it("names the failing tests of a vitest log first, then the log's end", () => {
    const message = formatCiFixMessage({ pullRequest, check, log: asGhLog(vitestOutput) });
    expect(message).toMatch(
      /^The CI check "test \(20\.x\)" \(workflow "CI"\) failed on pull request #7 \(https:\/\/github\.com\/octo\/hello\/pull\/7\): https:\/\/github\.com\/octo\/hello\/actions\/runs\/11\/job\/22\.\n\nFailing tests \(found in its vitest output\):\n1\. math > subtracts \(src\/math\.test\.js:7\)\n/,
    );
    expect(message).toContain("2. parses json (src/math.test.js:12)");
    expect(message.indexOf("Its failed steps' log:")).toBeGreaterThan(message.indexOf("2. parses json"));
    expect(message).not.toContain("Run npm test\t");
  });

  it("sends the log as plain text, without the colour codes the runner printed", () => {
    const message = formatCiFixMessage({ pullRequest, check, log: asGhLog(vitestOutput) });
    expect(vitestOutput).toContain("\u001b[");
    expect(message).not.toContain("\u001b");
  });

  it("keeps a long log's end and says how much of it was cut", () => {
    const noise = Array.from({ length: 3000 }, (_, index) => `npm warn noise line ${index}`).join("\n");
    const message = formatCiFixMessage({ pullRequest, check, log: asGhLog(`${noise}\n${vitestOutput}`) });
    expect(message).toContain("1. math > subtracts (src/math.test.js:7)");
    const cut = /The end of its failed steps' log \((\d+) characters before it cut\):/.exec(message);
    expect(Number(cut?.[1])).toBeGreaterThan(50_000);
    expect(message.length).toBeLessThan(20_000);
    expect(message).not.toContain("noise line 0\n");
  });

  it("says so when gh's answer was longer than read, or when it printed nothing", () => {
    expect(formatCiFixMessage({ pullRequest, check, log: "x\n", isLogTruncated: true })).toContain(
      "The end of its failed steps' log (more than 0 characters before it cut):",
    );
    expect(formatCiFixMessage({ pullRequest, check, log: "" })).toContain("gh printed no log for its failed steps.");
  });
});
