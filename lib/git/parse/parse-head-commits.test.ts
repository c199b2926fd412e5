import { describe, expect, it } from "vitest";
import { parseHeadCommits } from "./parse-head-commits.ts";

const A = "8ddb01be93c8377dbb1fd03dcd160abbf98a1974";
const B = "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c";

/** `git log -z` output: every field NUL-terminated. */
function z(...fields: string[]): string {
  return fields.map((field) => `${field}\0`).join("");
}

describe("parseHeadCommits", () => {
  it("reads four NUL-terminated fields per commit, in order", () => {
    const output = z(
      A,
      "8ddb01b",
      "2024-01-02T03:04:05+00:00",
      "Initial commit",
      B,
      "1f2e3d4",
      "2024-02-03T04:05:06+01:00",
      'Fix: the "thing" — ünïcode',
    );
    expect(parseHeadCommits(output)).toEqual([
      { sha: A, shortSha: "8ddb01b", committedAt: "2024-01-02T03:04:05+00:00", subject: "Initial commit" },
      { sha: B, shortSha: "1f2e3d4", committedAt: "2024-02-03T04:05:06+01:00", subject: 'Fix: the "thing" — ünïcode' },
    ]);
  });

  it("keeps an empty subject", () => {
    expect(parseHeadCommits(z(A, "8ddb01b", "2024-01-02T03:04:05+00:00", ""))[0]?.subject).toBe("");
  });

  it("returns nothing for empty output", () => {
    expect(parseHeadCommits("")).toEqual([]);
  });
});
