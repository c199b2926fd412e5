import { createFailureLines, type RawFailure } from "./failure-list.ts";
import { findLocation } from "./find-location.ts";

/** Where a test's own lines end: another test's line, or the package's result. */
const ENDS_LINES = /^(?:---|===|FAIL$|FAIL\t|ok\s|PASS$|exit status|\?\s)/;

/**
 * `go test`: each `--- FAIL: TestName (0.00s)` with its lines, those printed under it (and a panic
 * after it) or, with -v, those printed since its `=== RUN`. A test that failed only because a
 * subtest did (`TestA` above `TestA/case`) is left out. The line is the first in a _test.go file. Pure.
 */
export function findGoFailures(lines: readonly string[]): RawFailure[] {
  const failures: RawFailure[] = [];
  const running = new Map<string, ReturnType<typeof createFailureLines>>();
  let runningName: string | null = null;
  for (let index = 0; index < lines.length; index += 1) {
    const trimmed = lines[index]!.trimStart();
    if (trimmed.startsWith("=== RUN ") || trimmed.startsWith("=== CONT ")) {
      runningName = trimmed.slice(8).trim();
      if (!running.has(runningName)) running.set(runningName, createFailureLines());
      continue;
    }
    const result = /^--- (FAIL|PASS|SKIP): (\S+)/.exec(trimmed);
    if (!result) {
      if (runningName && !ENDS_LINES.test(trimmed)) running.get(runningName)?.push(lines[index]!);
      continue;
    }
    runningName = null;
    const name = result[2]!;
    const printed = running.get(name);
    running.delete(name);
    if (result[1] !== "FAIL") continue;
    const own = printed ?? createFailureLines();
    while (index + 1 < lines.length && !ENDS_LINES.test(lines[index + 1]!.trimStart())) {
      index += 1;
      own.push(lines[index]!);
    }
    const shown = own.toLines();
    failures.push({ name, lines: shown.length > 0 ? shown : [trimmed] });
  }
  // Go reports every ancestor of a failed subtest failed too, so immediate parents cover them all.
  const parents = new Set(failures.map((failure) => failure.name.slice(0, Math.max(0, failure.name.lastIndexOf("/")))));
  return failures
    .filter((failure) => !parents.has(failure.name))
    .map((failure) => ({ ...failure, ...findTestLocation(failure.lines) }));
}

function findTestLocation(lines: readonly string[]): { file?: string; line?: number } {
  const inTests = lines.filter((line) => /_test\.go:\d/.test(line));
  return findLocation(inTests) ?? {};
}
