import { createFailureLines, type RawFailure } from "./failure-list.ts";

/** `⎯⎯⎯ Failed Tests 2 ⎯⎯⎯` (or Failed Suites): where vitest reports each failure in full. */
const SECTION = /^⎯+ Failed (?:Tests|Suites) \d+ ⎯+$/;
/** `❯ src/a.test.ts (3 tests | 2 failed) 19ms`: a file in the run's list. */
const FILE_LINE = /^\s*[❯✓×↓] (\S+) \(\d+ tests?\b/;
/** `× subtracts 12ms`: a failed test in the run's list. */
const FAILED_TEST = /^\s*× (\S.*)$/;
const DURATION = / \d+(?:\.\d+)?m?s$/;

/**
 * Vitest: each `FAIL  file > suite > test` block of the Failed Tests (and Failed Suites)
 * sections, up to the `⎯⎯[1/2]⎯` rule that ends it; the file and line come from the block's
 * `❯ file:line`. Without those sections (a run cut short), the `× test` lines of the run's list. Pure.
 */
export function findVitestFailures(lines: readonly string[]): RawFailure[] {
  const failures: RawFailure[] = [];
  let isInSection = false;
  let current: { name: string; file: string; lines: ReturnType<typeof createFailureLines> } | null = null;
  const finish = () => {
    if (current) failures.push({ name: current.name, file: current.file, lines: current.lines.toLines() });
    current = null;
  };
  for (const line of lines) {
    if (SECTION.test(line)) {
      finish();
      isInSection = true;
      continue;
    }
    if (!isInSection) continue;
    const trimmed = line.trimStart();
    if (trimmed.startsWith("FAIL ")) {
      finish();
      current = { ...readHeader(trimmed.slice(5).trim()), lines: createFailureLines() };
    } else if (trimmed.startsWith("⎯") || trimmed.startsWith("Test Files ")) finish();
    else current?.lines.push(line);
  }
  finish();
  return failures.length > 0 ? failures : findListedFailures(lines);
}

/** `src/a.test.ts > math > subtracts` → its file and name; a suite's own failure `src/b.test.ts [ src/b.test.ts ]` is named after its file. */
function readHeader(header: string): { name: string; file: string } {
  const split = header.indexOf(" > ");
  if (split !== -1) return { file: header.slice(0, split), name: header.slice(split + 3) };
  const bracket = header.indexOf(" [");
  const file = bracket === -1 ? header : header.slice(0, bracket);
  return { file, name: file };
}

function findListedFailures(lines: readonly string[]): RawFailure[] {
  const failures: RawFailure[] = [];
  let file: string | undefined;
  for (const line of lines) {
    const listed = FILE_LINE.exec(line);
    if (listed) {
      file = listed[1];
      continue;
    }
    const failed = FAILED_TEST.exec(line);
    const name = failed?.[1]!.replace(DURATION, "").trim();
    if (name) failures.push({ name, file, lines: [line.trim()] });
  }
  return failures;
}
