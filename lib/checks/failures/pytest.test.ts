import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { splitOutputLines } from "./failure-list.ts";
import { findPytestFailures } from "./pytest.ts";

// fixtures/pytest.txt: pytest 9 on a file with a failing function and a failing method.
const lines = splitOutputLines(readFileSync(new URL("fixtures/pytest.txt", import.meta.url), "utf8"));

describe("findPytestFailures", () => {
  it("names each failure by its short summary line and shows its report from the FAILURES section", () => {
    const failures = findPytestFailures(lines);
    expect(failures.map(({ name, file }) => ({ name, file }))).toEqual([
      { name: "test_subtracts", file: "tests/test_math.py" },
      { name: "TestParser::test_parses_json", file: "tests/test_math.py" },
    ]);
    expect(failures[0]!.lines).toEqual([
      "    def test_subtracts():",
      ">       assert 5 - 3 == 3",
      "E       assert (5 - 3) == 3",
      "",
      "tests/test_math.py:9: AssertionError",
    ]);
    // The `_ _ _` rules inside a report do not split it.
    expect(failures[1]!.lines).toContain(
      "E           json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
    );
  });

  it("reads the reports alone without a summary, and the summary alone without reports", () => {
    const withoutSummary = lines.slice(
      0,
      lines.findIndex((line) => line.includes("short test summary info")),
    );
    expect(findPytestFailures(withoutSummary).map((failure) => failure.name)).toEqual([
      "test_subtracts",
      "TestParser.test_parses_json",
    ]);
    const summaryOnly = [
      "==== short test summary info ====",
      "ERROR tests/test_db.py - ModuleNotFoundError: No module named 'psycopg'",
    ];
    expect(findPytestFailures(summaryOnly)).toEqual([
      { name: "tests/test_db.py", file: "tests/test_db.py", lines: ["ModuleNotFoundError: No module named 'psycopg'"] },
    ]);
    expect(findPytestFailures(["FAILED to start the server", "__init__.py ok __"])).toEqual([]);
  });
});
