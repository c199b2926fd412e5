import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { splitOutputLines } from "./failure-list.ts";
import { findTapFailures } from "./tap.ts";

const fixture = (name: string) => splitOutputLines(readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8"));

describe("findTapFailures", () => {
  it("finds node --test's failures with their YAML block, named after their suites, without the failed suite", () => {
    // fixtures/node-tap.txt: `node --test --test-reporter=tap` (Node 20) on a file with two failures.
    const failures = findTapFailures(fixture("node-tap.txt"));
    expect(failures.map(({ name, file, line }) => ({ name, file, line }))).toEqual([
      { name: "subtracts two numbers", file: "/tmp/fp-fx/node/math.test.mjs", line: 8 },
      { name: "parser › throws on garbage", file: "/tmp/fp-fx/node/math.test.mjs", line: 16 },
    ]);
    expect(failures[0]!.lines.slice(0, 3)).toEqual([
      "not ok 2 - subtracts two numbers",
      "duration_ms: 1.395854",
      "location: '/tmp/fp-fx/node/math.test.mjs:8:1'",
    ]);
    expect(failures[0]!.lines).toContain("  2 !== 3");
    expect(failures[1]!.lines).toContain("error: 'unexpected token at 3'");
    expect(failures[1]!.lines).not.toContain("...");
  });

  it("leaves out TODO and SKIP directives and passing points, and reads node-tap's `at:` file and line", () => {
    const lines = [
      "TAP version 14",
      "ok 1 - fine",
      "not ok 2 - not yet # TODO write it",
      "not ok 3 - elsewhere # skip no network",
      "not ok 4 - parses dates",
      "  ---",
      "  found: 2001",
      "  wanted: 2000",
      "  at:",
      "    line: 12",
      "    column: 5",
      "    file: test/dates.js",
      "  ...",
      "not ok 5",
      "1..5",
    ];
    expect(findTapFailures(lines)).toEqual([
      {
        name: "parses dates",
        file: "test/dates.js",
        line: 12,
        lines: [
          "not ok 4 - parses dates",
          "found: 2001",
          "wanted: 2000",
          "at:",
          "  line: 12",
          "  column: 5",
          "  file: test/dates.js",
        ],
      },
      { name: "not ok 5", lines: ["not ok 5"] },
    ]);
  });

  it("keeps a failed parent whose subtests all passed, and finds nothing in output without a `not ok`", () => {
    const lines = [
      "# Subtest: outer",
      "    ok 1 - inner",
      "    1..1",
      "not ok 1 - outer",
      "  ---",
      "  error: 'hook failed'",
      "  ...",
    ];
    expect(findTapFailures(lines).map((failure) => failure.name)).toEqual(["outer"]);
    expect(findTapFailures(["ok 1 - a", "# not ok here", "nothing ok"])).toEqual([]);
  });
});
