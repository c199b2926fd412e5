import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { splitOutputLines } from "./failure-list.ts";
import { findGoFailures } from "./go-test.ts";

// fixtures/go.txt and go-verbose.txt are written from `go test`'s documented output (go is not
// installed here): `--- FAIL: Name (0.00s)` with the test's log lines under it, or with -v before it.
const fixture = (name: string) => splitOutputLines(readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8"));

describe("findGoFailures", () => {
  it("reads each failed test and subtest with the lines under it, without the parent of a failed subtest", () => {
    expect(findGoFailures(fixture("go.txt"))).toEqual([
      {
        name: "TestSubtract",
        file: "math_test.go",
        line: 12,
        lines: ["math_test.go:12: Subtract(5, 3) = 2; want 3"],
      },
      {
        name: "TestParse/empty",
        file: "parse_test.go",
        line: 21,
        lines: ['parse_test.go:21: Parse("") returned no error'],
      },
      {
        name: "TestParse/garbage",
        file: "parse_test.go",
        line: 21,
        lines: ['parse_test.go:21: Parse("{oops") = 0, want an error'],
      },
    ]);
  });

  it("with -v, reads the lines printed since the test's RUN, and a panic after its FAIL line", () => {
    const failures = findGoFailures(fixture("go-verbose.txt"));
    expect(failures.map(({ name, file, line }) => ({ name, file, line }))).toEqual([
      { name: "TestSubtract", file: "math_test.go", line: 12 },
      { name: "TestParse/empty", file: "parse_test.go", line: 21 },
      { name: "TestDivide", file: "/home/dev/mathlib/math_test.go", line: 30 },
    ]);
    expect(failures[2]!.lines[0]).toBe("panic: runtime error: integer divide by zero [recovered]");
    expect(failures[2]!.lines.at(-1)).toBe("\t/home/dev/mathlib/math_test.go:30 +0x1d");
    expect(findGoFailures(["--- PASS: TestA (0.00s)", "ok  \texample.com/a\t0.002s"])).toEqual([]);
  });
});
