import { fenceText } from "@/lib/checks/fenced-text.ts";
import { findFailures } from "@/lib/checks/failures/find-failures.ts";
import { stripAnsi } from "@/lib/checks/failures/strip-ansi.ts";
import { formatFixFailures } from "@/lib/checks/format-fix-failures.ts";
import type { CiCheck } from "@/lib/worktrees/ship-types.ts";

/** How much of a failed job's log is searched for failing tests: its end, where they are summed up. */
export const CI_LOG_READ_CHARS = 200_000;
/** How much of that end the message carries (as much as a local check's "Fix with Claude"). */
const CI_LOG_EXCERPT_CHARS = 6000;

/** `gh run view --log-failed` for an Actions job (or the whole run when only its id is known). */
export function buildRunLogArgs(input: {
  runId: string | null;
  jobId: string | null;
  repository: { owner: string; name: string } | null;
}): string[] {
  const repo = input.repository ? [`--repo=${input.repository.owner}/${input.repository.name}`] : [];
  const target = input.jobId ? [`--job=${input.jobId}`] : input.runId ? ["--", input.runId] : [];
  return ["run", "view", ...repo, "--log-failed", ...target];
}

/**
 * The text of `gh run view --log-failed`: each line is `job<TAB>step<TAB>timestamp text`; the
 * job, step and timestamp go, so the failing-test parsers see the test runner's own lines. Pure.
 */
export function stripGhLogPrefixes(log: string): string {
  return log
    .split("\n")
    .map((line) =>
      line
        .replace(/^[^\t\n]*\t[^\t\n]*\t/, "")
        .replace(/^\uFEFF?\d{4}-\d\d-\d\dT[\d:.]+Z ?/, "")
        .replace(/^\uFEFF/, ""),
    )
    .join("\n");
}

/** The end of a text, at most `max` characters, and how many were cut before it. Pure. */
export function keepEnd(text: string, max: number): { text: string; cut: number } {
  if (text.length <= max) return { text, cut: 0 };
  const tail = text.slice(-max);
  // Start on a whole line when one begins in the kept part.
  const newline = tail.indexOf("\n");
  const kept = newline >= 0 && newline < max / 10 ? tail.slice(newline + 1) : tail;
  return { text: kept, cut: text.length - kept.length };
}

/**
 * The message "Fix with Claude" sends for a failed CI check of the pull request: which check and
 * where, the failing tests found in its log first (as a local check's fix names them), then the
 * log's end, fenced, saying how much of it was cut. Pure.
 */
export function formatCiFixMessage(input: {
  pullRequest: { number: number; url: string };
  check: CiCheck;
  log: string;
  /** gh wrote more than Arbor reads: only the end of its answer is in `log`. */
  isLogTruncated?: boolean;
}): string {
  const { check } = input;
  // Colour codes are noise to the model and unreadable in the chat: the message carries plain text.
  const read = keepEnd(stripAnsi(stripGhLogPrefixes(input.log)), CI_LOG_READ_CHARS);
  const failures = findFailures(read.text);
  const excerpt = keepEnd(read.text, CI_LOG_EXCERPT_CHARS);
  const cut = excerpt.cut + read.cut;
  const workflow = check.workflow ? ` (workflow "${check.workflow}")` : "";
  const where = check.url ? `: ${check.url}` : "";
  const parts = [
    `The CI check "${check.name}"${workflow} failed on pull request #${input.pullRequest.number} (${input.pullRequest.url})${where}.`,
    "",
  ];
  if (failures) parts.push(formatFixFailures(failures), "");
  if (read.text.trim() === "") parts.push("gh printed no log for its failed steps.");
  else {
    const more = input.isLogTruncated ? "more than " : "";
    const heading =
      cut > 0 || input.isLogTruncated
        ? `The end of its failed steps' log (${more}${cut} characters before it cut):`
        : "Its failed steps' log:";
    parts.push(heading, fenceText(excerpt.text));
  }
  parts.push(
    "",
    "Find the cause and fix it here, then run the failing tests locally to confirm they pass, so the next push turns the check green.",
  );
  return parts.join("\n");
}
