import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findFailures } from "./find-failures.ts";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

describe("findFailures", () => {
  it.each([
    ["node-tap.txt", "tap", "subtracts two numbers", "/tmp/fp-fx/node/math.test.mjs", 8],
    ["node-junit.xml", "junit", "subtracts two numbers", "/tmp/fp-fx/node/math.test.mjs", 9],
    ["vitest-junit.xml", "junit", "math > subtracts", "src/math.test.js", 7],
    ["pytest-junit.xml", "junit", "tests.test_math.test_subtracts", "tests/test_math.py", 9],
    ["vitest.txt", "vitest", "math > subtracts", "src/math.test.js", 7],
    ["jest.txt", "jest", "math › subtracts", "src/math.test.js", 7],
    ["pytest.txt", "pytest", "test_subtracts", "tests/test_math.py", 9],
    ["go.txt", "go", "TestSubtract", "math_test.go", 12],
    ["cargo.txt", "cargo", "tests::parses_number", "src/lib.rs", 21],
  ])("tells %s's format (%s) and finds where its first failure failed", (name, format, test, file, line) => {
    const found = findFailures(fixture(name));
    expect(found?.format).toBe(format);
    expect(found?.failures[0]).toMatchObject({ name: test, file, line });
    expect(found?.omitted).toBe(0);
  });

  it("finds nothing in output of no known format, or without a failure", () => {
    expect(findFailures("")).toBeNull();
    expect(findFailures("FAIL broken.txt exists\n")).toBeNull();
    expect(findFailures("expected 1, got 2\nnpm ERR! Test failed.\n")).toBeNull();
    expect(findFailures("TAP version 13\nok 1 - fine\n1..1\n")).toBeNull();
  });

  it("keeps at most 20 failures of at most 40 lines, and counts the rest", () => {
    const yaml = Array.from({ length: 100 }, (_, n) => `  detail: ${n}`).join("\n");
    const tap = Array.from({ length: 25 }, (_, n) => `not ok ${n + 1} - case ${n + 1}\n  ---\n${yaml}\n  ...`).join(
      "\n",
    );
    const found = findFailures(`TAP version 13\n${tap}\n1..25\n`)!;
    expect(found.failures).toHaveLength(20);
    expect(found.omitted).toBe(5);
    expect(found.failures[19]!.name).toBe("case 20");
    expect(found.failures[0]!.lines).toHaveLength(40);
    expect(found.failures[0]!.lines.at(-1)).toBe("… 62 more lines");
  });

  it("cuts long lines and keeps one failure per test when a tool reports it twice", () => {
    const long = "x".repeat(10_000);
    const jest = `FAIL a.test.js\n  ● adds\n    ${long}\n\nSummary of all failing tests\nFAIL a.test.js\n  ● adds\n    ${long}\n`;
    const found = findFailures(jest)!;
    expect(found.failures).toHaveLength(1);
    expect(found.failures[0]!.lines).toEqual([`${"x".repeat(496)}…`]);
  });

  it("reads 5 MB of output, finding the failure at its end", () => {
    const noise = "  ✓ a passing test with a long enough name to fill the line (3 ms)\n".repeat(75_000);
    const found = findFailures(
      `${noise}FAIL src/a.test.js\n  ● breaks\n    expected 1\n      at Object.<anonymous> (src/a.test.js:9:3)\n`,
    );
    expect(noise.length).toBeGreaterThan(5_000_000);
    expect(found).toEqual({
      format: "jest",
      omitted: 0,
      failures: [
        {
          name: "breaks",
          file: "src/a.test.js",
          line: 9,
          lines: ["expected 1", "  at Object.<anonymous> (src/a.test.js:9:3)"],
        },
      ],
    });
  });

  // Each is about 1 MB built to make a backtracking pattern retry from every character: a quadratic
  // pattern takes minutes on these, a linear one milliseconds, so a quadratic one fails by the
  // suite's per-test time limit (no clock is read here: speed targets belong to the benchmarks).
  it.each([
    ["an opening parenthesis before a path with no line", `(${"a".repeat(1_000_000)}`],
    ["a path of dots with no extension", ` ${"a.".repeat(500_000)}:1`],
    ["carriage returns", "\r".repeat(100_000)],
    ["an escape that never ends", `\u001b[${"0".repeat(1_000_000)}`],
    ["an OSC title that never ends", `\u001b]${"x".repeat(1_000_000)}`],
    ["test cases whose quotes never close", "<testcase name='".repeat(70_000)],
    ["a test case tag that never ends", `<testcase ${"a".repeat(1_000_000)}`],
    ["failures whose element never closes", "<testcase><failure>&#1234567;".repeat(35_000)],
    ["rules of underscores and dashes", `${"_".repeat(500)}\n${"⎯".repeat(500)}\n`.repeat(1_000)],
    [
      "test points at growing depths",
      Array.from({ length: 20_000 }, (_, n) => `${" ".repeat(n % 500)}not ok`).join("\n"),
    ],
    ["an unending YAML block", `not ok 1 - x\n  ---\n${"  y: 1\n".repeat(150_000)}`],
    ["go subtests nested deep", `--- FAIL: ${"a/".repeat(200)}\n`.repeat(2_500)],
    [
      "TAP subtests nested deep",
      `${Array.from({ length: 490 }, (_, n) => `${" ".repeat(n)}# Subtest: ${"s".repeat(400)}`).join("\n")}\n${`${" ".repeat(490)}not ok\n`.repeat(2_000)}`,
    ],
    [
      "JUnit suites nested deep",
      `${"<testsuite name='s'>".repeat(20_000)}${'<testcase classname="test" name="x"><failure/></testcase>'.repeat(20_000)}`,
    ],
    [
      "go runs that never end",
      Array.from({ length: 30_000 }, (_, n) => `=== RUN   T${n}\n    x_test.go:1: y`).join("\n"),
    ],
    ["pytest rules", `${"=".repeat(80)} FAILURES ${"=".repeat(80)}\n${"__ a __\n".repeat(120_000)}`],
    [
      "pytest reports and summary lines by the thousand",
      `== FAILURES ==\n${Array.from({ length: 30_000 }, (_, n) => `__ t${n} __`).join("\n")}\n` +
        `== short test summary info ==\n${Array.from({ length: 30_000 }, (_, n) => `FAILED a.py::u${n}`).join("\n")}`,
    ],
  ])("reads %s in linear time", (_, output) => {
    const found = findFailures(output);
    expect(found === null || found.failures.length <= 20).toBe(true);
  });

  it("never throws on garbage made of every format's pieces", () => {
    const pieces = [
      "node-tap.txt",
      "node-junit.xml",
      "vitest.txt",
      "jest.txt",
      "pytest.txt",
      "go-verbose.txt",
      "cargo.txt",
    ]
      .flatMap((name) => fixture(name).split(/(?<=[\n>])/))
      .concat([
        "<",
        ">",
        "'",
        '"',
        "\u001b[",
        "&#",
        "]]>",
        "<![CDATA[",
        "---",
        "...",
        "\r",
        "●",
        "⎯",
        "×",
        ":",
        "(",
        "\n",
      ]);
    let seed = 36;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 300; round += 1) {
      const output = Array.from({ length: 1 + random(60) }, () => pieces[random(pieces.length)]).join("");
      const found = findFailures(output);
      for (const failure of found?.failures ?? []) {
        expect(failure.lines.length).toBeLessThanOrEqual(40);
        expect(failure.name.length).toBeGreaterThan(0);
      }
    }
  });
});
