import { createFailureLines, type RawFailure } from "./failure-list.ts";

/** `=== FAILURES ===` or `=== ERRORS ===`: the sections that hold each failure's report. */
const REPORTS = /^=+ (?:FAILURES|ERRORS) =+$/;
/** `FAILED tests/test_a.py::TestA::test_b - assert 1 == 2` in the short test summary. */
const SUMMARY = /^(FAILED|ERROR) (\S.*)$/;

interface Section {
  title: string;
  lines: string[];
}

/**
 * pytest: one failure per `FAILED`/`ERROR` line of the short test summary (its file and test id),
 * with the lines of its `____ test_name ____` report from the FAILURES section; without a
 * summary (`-rN`), the reports alone. The line is where the report points in the test's file. Pure.
 */
export function findPytestFailures(lines: readonly string[]): RawFailure[] {
  const sections = readSections(lines);
  // Only below the summary's own header: "FAILED …" elsewhere is some other tool's word.
  const summaryStart = lines.findIndex((line) => line.startsWith("=") && line.includes(" short test summary info "));
  const summary = (summaryStart === -1 ? [] : lines.slice(summaryStart + 1)).flatMap((line) => {
    const match = SUMMARY.exec(line);
    return match ? [readSummary(match[2]!)] : [];
  });
  if (summary.length === 0) {
    return sections
      .filter((section) => section.title !== "")
      .map(({ title, lines: shown }) => ({ name: title, lines: shown }));
  }
  const reports = indexReports(sections);
  return summary.map(({ file, test, message }) => {
    const section = reports.get(test.replaceAll("::", "."));
    return { name: test || file, file, lines: section?.lines ?? (message ? [message] : []) };
  });
}

/** Reports by the test they are about: `TestA.test_b`, or the last word of `ERROR at setup of test_b`. */
function indexReports(sections: readonly Section[]): Map<string, Section> {
  const reports = new Map<string, Section>();
  for (const section of sections) {
    const lastWord = section.title.slice(section.title.lastIndexOf(" ") + 1);
    if (!reports.has(section.title)) reports.set(section.title, section);
    if (!reports.has(lastWord)) reports.set(lastWord, section);
  }
  return reports;
}

/** `tests/a.py::A::test_b[1] - msg` → file, test id and message (a collection error names a file only). */
function readSummary(rest: string): { file: string; test: string; message: string } {
  const dash = rest.indexOf(" - ");
  const id = dash === -1 ? rest.trim() : rest.slice(0, dash);
  const message = dash === -1 ? "" : rest.slice(dash + 3);
  const split = id.indexOf("::");
  return split === -1
    ? { file: id, test: "", message }
    : { file: id.slice(0, split), test: id.slice(split + 2), message };
}

/** The `____ title ____` reports inside the FAILURES and ERRORS sections (`_ _ _` rules are inside a report). */
function readSections(lines: readonly string[]): Section[] {
  const sections: Section[] = [];
  let isInReports = false;
  let current: { title: string; lines: ReturnType<typeof createFailureLines> } | null = null;
  const finish = () => {
    if (current) sections.push({ title: current.title, lines: current.lines.toLines() });
    current = null;
  };
  for (const line of lines) {
    if (line.startsWith("==")) {
      finish();
      isInReports = REPORTS.test(line);
    } else if (isInReports && line.startsWith("__") && line.endsWith("__")) {
      finish();
      current = { title: trimUnderscores(line), lines: createFailureLines() };
    } else current?.lines.push(line);
  }
  finish();
  return sections;
}

function trimUnderscores(line: string): string {
  let start = 0;
  let end = line.length;
  while (start < end && line[start] === "_") start += 1;
  while (end > start && line[end - 1] === "_") end -= 1;
  return line.slice(start, end).trim();
}
