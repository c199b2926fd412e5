import type { CheckFailure, CheckFailures } from "@/lib/realtime/check-views.ts";
import { fenceText } from "./fenced-text.ts";
import { labelFailureFormat } from "./failure-format-label.ts";

/** How much of the failing tests' own lines the message carries; past it, only their names. */
const FAILURE_LINES_CHARS = 6000;

/**
 * The failing tests found in a check's output, first in "Fix with Claude"'s message: each one's
 * name, file and line, and its lines while they fit; the tests past that by name only. Pure.
 */
export function formatFixFailures(found: CheckFailures): string {
  let room = FAILURE_LINES_CHARS;
  const listed = found.failures.map((failure, index) => {
    const heading = `${index + 1}. ${failure.name}${formatPlace(failure)}`;
    const block = fenceText(failure.lines.join("\n"));
    if (block.length > room) {
      room = 0;
      return heading;
    }
    room -= block.length;
    return `${heading}\n${block}`;
  });
  const more = found.omitted > 0 ? [`…and ${found.omitted} more failing tests.`] : [];
  return [`Failing tests (found in its ${labelFailureFormat(found.format)} output):`, ...listed, ...more].join("\n");
}

function formatPlace(failure: CheckFailure): string {
  if (!failure.file) return "";
  return ` (${failure.file}${failure.line ? `:${failure.line}` : ""})`;
}
