import type { CheckFailure } from "@/lib/realtime/check-views.ts";
import { findLocation } from "./find-location.ts";

export const MAX_FAILURES = 20;
export const MAX_FAILURE_LINES = 40;
/** Lines are cut here before anything matches them, so no pattern ever sees an unbounded line. */
export const MAX_LINE_CHARS = 500;
/** A test is named after this many of its innermost suites at most, however deep they nest. */
export const MAX_NAME_PARTS = 4;

/** A failure as a parser reads it; lines are already bounded by `createFailureLines`. */
export type RawFailure = CheckFailure;

/** The output's lines as parsers read them: at most MAX_LINE_CHARS each, showing what a terminal would after a `\r`. */
export function splitOutputLines(text: string): string[] {
  return text.split("\n").map((line) => clip(line.includes("\r") ? line.slice(line.lastIndexOf("\r") + 1) : line));
}

/**
 * Collects one failure's lines while a parser reads them: the first MAX_FAILURE_LINES kept, the
 * rest counted, so a block of a million lines costs no more than forty.
 */
export function createFailureLines(max = MAX_FAILURE_LINES): { push(line: string): void; toLines(): string[] } {
  const kept: string[] = [];
  let more = 0;
  return {
    push(line) {
      if (kept.length < max) kept.push(line);
      else if (line.trim() !== "") more += 1;
    },
    toLines() {
      if (more === 0) return dedent(trimBlankEnds(kept));
      // The last kept line makes room for the line that says how many were left out.
      const hidden = more + (kept[max - 1]!.trim() === "" ? 0 : 1);
      return [...dedent(trimBlankEnds(kept.slice(0, max - 1))), moreLines(hidden)];
    },
  };
}

/**
 * The failures to show: one per test (the same test reported twice is kept once), at most
 * MAX_FAILURES, each with a file and line found in its own lines when the parser had none.
 */
export function boundFailures(raw: readonly RawFailure[]): { failures: CheckFailure[]; omitted: number } {
  const seen = new Set<string>();
  const failures: CheckFailure[] = [];
  let omitted = 0;
  for (const failure of raw) {
    const key = `${failure.file ?? ""}\u0000${failure.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (failures.length >= MAX_FAILURES) {
      omitted += 1;
      continue;
    }
    const lines =
      failure.lines.length > MAX_FAILURE_LINES
        ? [...failure.lines.slice(0, MAX_FAILURE_LINES - 1), moreLines(failure.lines.length - MAX_FAILURE_LINES + 1)]
        : failure.lines;
    const found = failure.line === undefined ? findLocation(lines, failure.file) : null;
    const file = failure.file ?? found?.file;
    const line = failure.line ?? found?.line;
    // Names and files from XML attributes were never cut into lines.
    failures.push({
      name: clip(failure.name),
      ...(file ? { file: clip(file) } : {}),
      ...(line ? { line } : {}),
      lines,
    });
  }
  return { failures, omitted };
}

function clip(text: string): string {
  return text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text;
}

function moreLines(count: number): string {
  return `… ${count} more lines`;
}

function trimBlankEnds(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === "") start += 1;
  while (end > start && lines[end - 1]!.trim() === "") end -= 1;
  return lines.slice(start, end);
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((line) => line.trim() !== "").map((line) => line.length - line.trimStart().length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return common === 0 ? lines : lines.map((line) => line.slice(common));
}
