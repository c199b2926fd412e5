import { formatCode, quoteLines } from "./format-markdown.ts";
import type { PromptCheck } from "./types.ts";

/** How much of a failing check's output the prompt carries: its last lines, where failures are summed up. */
const EXCERPT_LINES = 12;
const EXCERPT_CHARS = 1200;

const STATUS_WORDS: Record<PromptCheck["status"], string> = {
  running: "running",
  passed: "passed",
  failed: "FAILED",
  timed_out: "TIMED OUT",
  cancelled: "cancelled",
};

/**
 * The checks' lines of the scan section: one per check (name, status, the commit it ran on), and
 * under a failure or a time-out a short quoted excerpt of the end of its output, unless shortened
 * for the budget. Pure.
 */
export function formatCheckLines({ checks, isShortened }: { checks: PromptCheck[]; isShortened: boolean }): string[] {
  if (checks.length === 0) return [];
  return [
    "- Checks (the repository's own, latest run in this worktree):",
    ...checks.flatMap((check) => {
      const commit = check.commit === null ? "no commit" : formatCode(check.commit.slice(0, 7));
      const exit = check.status === "failed" && check.exitCode !== null ? `, exit ${check.exitCode}` : "";
      const line = `  - ${formatCode(check.name)} (${formatCode(check.command)}): ${STATUS_WORDS[check.status]}${exit}, on ${commit}${check.isDirty ? " with uncommitted changes" : ""}`;
      const isProblem = check.status === "failed" || check.status === "timed_out";
      if (!isProblem || isShortened || check.output.trim() === "") return [line];
      return [line, indent(quoteLines(excerptOf(check.output)))];
    }),
  ];
}

/** The last lines of an output, at most EXCERPT_CHARS. */
export function excerptOf(output: string): string {
  const lines = output.trimEnd().split("\n").slice(-EXCERPT_LINES).join("\n");
  return lines.length <= EXCERPT_CHARS ? lines : `…${lines.slice(-EXCERPT_CHARS)}`;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}
