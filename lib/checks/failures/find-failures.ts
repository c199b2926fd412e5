import type { CheckFailures, FailureFormat } from "@/lib/realtime/check-views.ts";
import { stripAnsi } from "./strip-ansi.ts";
import { findCargoFailures } from "./cargo-test.ts";
import { boundFailures, splitOutputLines, type RawFailure } from "./failure-list.ts";
import { findGoFailures } from "./go-test.ts";
import { findJestFailures } from "./jest.ts";
import { findJUnitFailures } from "./junit.ts";
import { findPytestFailures } from "./pytest.ts";
import { findTapFailures } from "./tap.ts";
import { findVitestFailures } from "./vitest.ts";

type Parser = (output: { text: string; lines: readonly string[] }) => RawFailure[];

/** Tried in this order, the first that finds a failure answers: the most distinctive markers first. */
const PARSERS: ReadonlyArray<readonly [FailureFormat, Parser]> = [
  ["junit", ({ text }) => findJUnitFailures(text)],
  ["tap", ({ lines }) => findTapFailures(lines)],
  ["vitest", ({ lines }) => findVitestFailures(lines)],
  ["jest", ({ lines }) => findJestFailures(lines)],
  ["pytest", ({ lines }) => findPytestFailures(lines)],
  ["go", ({ lines }) => findGoFailures(lines)],
  ["cargo", ({ lines }) => findCargoFailures(lines)],
];

/**
 * The failing tests in a check's output, for the formats whose failures can be told apart: TAP,
 * JUnit XML, vitest, jest, pytest, go test and cargo test (colours removed first). At most 20
 * failures of at most 40 lines each; null when no format's failure is found. Linear in the
 * output's size (every pattern reads lines cut to 500 characters, none nests quantifiers). Pure.
 */
export function findFailures(output: string): CheckFailures | null {
  if (output.trim() === "") return null;
  const text = stripAnsi(output);
  const lines = splitOutputLines(text);
  for (const [format, parse] of PARSERS) {
    const found = parse({ text, lines });
    if (found.length > 0) return { format, ...boundFailures(found) };
  }
  return null;
}
