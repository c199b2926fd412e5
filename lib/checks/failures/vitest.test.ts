import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { stripAnsi } from "./strip-ansi.ts";
import { splitOutputLines } from "./failure-list.ts";
import { findVitestFailures } from "./vitest.ts";

// fixtures/vitest.txt: vitest 4.1 `run` on two files, one with two failures, with its colours.
const output = stripAnsi(readFileSync(new URL("fixtures/vitest.txt", import.meta.url), "utf8"));

describe("findVitestFailures", () => {
  it("reads each FAIL block of the Failed Tests section, with its file and the frame's line", () => {
    const failures = findVitestFailures(splitOutputLines(output));
    expect(failures.map(({ name, file }) => ({ name, file }))).toEqual([
      { name: "math > subtracts", file: "src/math.test.js" },
      { name: "parses json", file: "src/math.test.js" },
    ]);
    expect(failures[0]!.lines).toEqual([
      "AssertionError: expected 2 to be 3 // Object.is equality",
      "",
      "- Expected",
      "+ Received",
      "",
      "- 3",
      "+ 2",
      "",
      " ❯ src/math.test.js:7:19",
      "      5|   });",
      '      6|   it("subtracts", () => {',
      "      7|     expect(5 - 3).toBe(3);",
      "       |                   ^",
      "      8|   });",
      "      9| });",
    ]);
  });

  it("names a suite that failed to load after its file", () => {
    const lines = [
      "⎯⎯⎯⎯⎯⎯ Failed Suites 1 ⎯⎯⎯⎯⎯⎯⎯",
      "",
      " FAIL  src/broken.test.ts [ src/broken.test.ts ]",
      "Error: Failed to load url ./missing (resolved id: ./missing) in /p/src/broken.test.ts. Does the file exist?",
      " ❯ src/broken.test.ts:1:1",
      "⎯⎯⎯⎯⎯⎯⎯[1/1]⎯",
    ];
    expect(findVitestFailures(lines)).toEqual([
      { name: "src/broken.test.ts", file: "src/broken.test.ts", lines: [lines[3], lines[4]] },
    ]);
  });

  it("falls back on the run's `×` lines when the output was cut before the Failed Tests section", () => {
    const cut = output.slice(0, output.indexOf("⎯"));
    expect(findVitestFailures(splitOutputLines(cut))).toEqual([
      { name: "subtracts", file: "src/math.test.js", lines: ["× subtracts 8ms"] },
      { name: "parses json", file: "src/math.test.js", lines: ["× parses json 1ms"] },
    ]);
    expect(findVitestFailures(["✓ src/ok.test.js (1 test) 5ms", "FAIL broken.txt exists"])).toEqual([]);
  });
});
