import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findJUnitFailures } from "./junit.ts";

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");
const located = (text: string) => findJUnitFailures(text).map(({ name, file, line }) => ({ name, file, line }));

describe("findJUnitFailures", () => {
  it("reads node --test's JUnit: suites name the cases, the stack gives the place", () => {
    // fixtures/node-junit.xml: `node --test --test-reporter=junit` (Node 20), the same file as node-tap.txt.
    const failures = findJUnitFailures(fixture("node-junit.xml"));
    expect(failures.map((failure) => failure.name)).toEqual(["subtracts two numbers", "parser › throws on garbage"]);
    // No file attribute: the place is found in the failure's text later (find-failures), `&lt;` read as `<`.
    expect(failures[0]!.file).toBeUndefined();
    expect(failures[0]!.lines).toContain(
      "      at TestContext.<anonymous> (file:///tmp/fp-fx/node/math.test.mjs:9:10)",
    );
    expect(failures[1]!.lines[0]).toBe("Error [ERR_TEST_FAILURE]: unexpected token at 3");
  });

  it("reads vitest's JUnit: the class name is the file, entities are decoded, the line is the frame's", () => {
    // fixtures/vitest-junit.xml: vitest 4.1 `--reporter=junit`.
    expect(located(fixture("vitest-junit.xml"))).toEqual([
      { name: "math > subtracts", file: "src/math.test.js", line: 7 },
      { name: "parses json", file: "src/math.test.js", line: 12 },
    ]);
    const [, json] = findJUnitFailures(fixture("vitest-junit.xml"));
    expect(json!.lines).toEqual([
      "SyntaxError: Expected property name or '}' in JSON at position 1",
      " ❯ src/math.test.js:12:8",
    ]);
  });

  it("reads pytest's JUnit on one line: the file attribute, and the line of the failure rather than the 0-based attribute", () => {
    // fixtures/pytest-junit.xml: pytest 9 `--junitxml -o junit_family=xunit1` (the family that writes file and line).
    expect(located(fixture("pytest-junit.xml"))).toEqual([
      { name: "tests.test_math.test_subtracts", file: "tests/test_math.py", line: 9 },
      { name: "tests.test_math.TestParser.test_parses_json", file: "tests/test_math.py", line: 14 },
    ]);
    expect(findJUnitFailures(fixture("pytest-junit.xml"))[0]!.lines).toEqual([
      "def test_subtracts():",
      ">       assert 5 - 3 == 3",
      "E       assert (5 - 3) == 3",
      "",
      "tests/test_math.py:9: AssertionError",
    ]);
  });

  it("reads CDATA, errors, a message-only failure and `>` in attributes; skips comments, passes and skips", () => {
    const xml = [
      "<testsuites><!-- <testcase name='in a comment'><failure/></testcase> -->",
      '<testsuite name="Calc"><testcase classname="com.acme.CalcTest" name="adds" file="src/CalcTest.java" line="14">',
      "<failure message='a > b'><![CDATA[expected <3> & got <2>\n\tat CalcTest.adds(CalcTest.java:16)]]></failure></testcase>",
      '<testcase classname="com.acme.CalcTest" name="divides"><error type="ArithmeticException" message="/ by zero &#x2F; &#47;"/></testcase>',
      '<testcase name="ok"></testcase><testcase name="later"><skipped/></testcase><testcase name="short"/>',
      "</testsuite></testsuites>",
    ].join("");
    expect(findJUnitFailures(xml)).toEqual([
      {
        name: "com.acme.CalcTest.adds",
        file: "src/CalcTest.java",
        line: 16, // where its stack points in its file, not the attribute's 14
        lines: ["expected <3> & got <2>", "\tat CalcTest.adds(CalcTest.java:16)"],
      },
      { name: "com.acme.CalcTest.divides", lines: ["/ by zero / /"] },
    ]);
  });

  it("keeps the cases before a cut (the middle of a long output is dropped) and reads nothing without test cases", () => {
    const xml = fixture("vitest-junit.xml");
    const cut = xml.slice(0, xml.indexOf('<testcase classname="src/math.test.js" name="parses json"') + 30);
    expect(findJUnitFailures(`${cut}\n… 2.0 MiB of output dropped here …\n</testsuites>`).map((f) => f.name)).toEqual([
      "math > subtracts",
    ]);
    expect(findJUnitFailures("<testsuite name='x' tests='0'></testsuite>")).toEqual([]);
    expect(findJUnitFailures("<testcase name='x' <failure")).toEqual([]);
  });
});
