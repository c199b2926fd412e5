import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { splitOutputLines } from "./failure-list.ts";
import { findJestFailures } from "./jest.ts";

// fixtures/jest.txt is written from Jest 29's documented default reporter (jest is not installed
// here): a `FAIL path` line, then a `● suite › test` block per failure, then the summary.
const lines = splitOutputLines(readFileSync(new URL("fixtures/jest.txt", import.meta.url), "utf8"));

describe("findJestFailures", () => {
  it("reads each ● block in the file of the FAIL line above it, a suite that failed to run included", () => {
    const failures = findJestFailures(lines);
    expect(failures.map(({ name, file }) => ({ name, file }))).toEqual([
      { name: "math › subtracts", file: "src/math.test.js" },
      { name: "parses json", file: "src/math.test.js" },
      { name: "Test suite failed to run", file: "src/broken.test.js" },
    ]);
    expect(failures[0]!.lines[0]).toBe("expect(received).toBe(expected) // Object.is equality");
    expect(failures[0]!.lines).toContain(">  7 |     expect(5 - 3).toBe(3);");
    expect(failures[0]!.lines.at(-1)).toBe("  at Object.toBe (src/math.test.js:7:19)");
    expect(failures[2]!.lines[0]).toBe("Cannot find module './missing' from 'src/broken.test.js'");
  });

  it("ends a block at the next line no deeper than its bullet, and skips console blocks", () => {
    const output = [
      " FAIL  a.test.js",
      "  ● Console",
      "    console.log",
      "      hi",
      "  ● adds",
      "    boom",
      "PASS b.test.js",
    ];
    expect(findJestFailures(output)).toEqual([{ name: "adds", file: "a.test.js", lines: ["boom"] }]);
    expect(findJestFailures(["FAIL broken.txt exists"])).toEqual([]);
  });
});
