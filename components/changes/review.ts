import type { DiffLine } from "@/components/ui/diff-hunks.ts";

/** A comment on some lines of a diff, waiting in the review until it is sent. */
export interface ReviewComment {
  id: string;
  /** The file as people read it (display form of its path). */
  file: string;
  /** Line numbers in the new file, or in the old one for removed lines only. */
  side: "new" | "old";
  startLine: number;
  endLine: number;
  /** The lines commented on, as they read in the diff. */
  code: string[];
  text: string;
}

/**
 * The comment's place and code from the lines the user selected (in diff order). New-file numbers
 * are used when any selected line has one (what Claude sees in the file now); a selection of
 * removed lines only is numbered in the old file. Pure.
 */
export function describeSelection(lines: DiffLine[]): Pick<ReviewComment, "side" | "startLine" | "endLine" | "code"> {
  const newNumbers = lines.flatMap((line) => (line.newNumber === null ? [] : [line.newNumber]));
  const side = newNumbers.length > 0 ? "new" : "old";
  const numbers =
    side === "new" ? newNumbers : lines.flatMap((line) => (line.oldNumber === null ? [] : [line.oldNumber]));
  return {
    side,
    startLine: Math.min(...numbers),
    endLine: Math.max(...numbers),
    code: lines.map((line) => `${line.kind === "added" ? "+" : line.kind === "removed" ? "-" : " "}${line.text}`),
  };
}

/**
 * The review as one chat message: each comment with its file, lines, the quoted code and the
 * comment itself, verbatim. Sent through the normal chat send, so it is stored and in receipts. Pure.
 */
export function formatReview(comments: ReviewComment[]): string {
  const parts = comments.map((comment, index) => {
    const lines =
      comment.startLine === comment.endLine
        ? `line ${comment.startLine}`
        : `lines ${comment.startLine}-${comment.endLine}`;
    const where = `${comment.file}, ${lines}${comment.side === "old" ? " (before the change)" : ""}`;
    const fence = comment.code.some((line) => line.includes("```")) ? "~~~~" : "```";
    return [`${index + 1}. ${where}:`, `${fence}diff`, ...comment.code, fence, comment.text].join("\n");
  });
  return [
    `Review of the changes in this worktree (${comments.length} comment${comments.length === 1 ? "" : "s"}). Please address each one:`,
    ...parts,
  ].join("\n\n");
}

/**
 * Review comments as kept in this browser (JSON, a `useValueDraft`), or none when the
 * text is not such a list: a comment that does not have every field is dropped, never half-shown.
 */
export function parseStoredComments(text: string): ReviewComment[] {
  if (text === "") return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).filter(isReviewComment);
}

function isReviewComment(item: unknown): item is ReviewComment {
  if (typeof item !== "object" || item === null) return false;
  const fields = item as Record<string, unknown>;
  return (
    typeof fields.id === "string" &&
    typeof fields.file === "string" &&
    (fields.side === "new" || fields.side === "old") &&
    Number.isInteger(fields.startLine) &&
    Number.isInteger(fields.endLine) &&
    Array.isArray(fields.code) &&
    fields.code.every((line) => typeof line === "string") &&
    typeof fields.text === "string"
  );
}
