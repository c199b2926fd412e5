import type { FileDiff } from "@/lib/git/change-types.ts";

/** How much of the diff the summary model is shown. */
export const COMMIT_PROMPT_DIFF_CHARS = 40_000;

/**
 * The prompt that asks the summary model for a commit message: what it must answer, then the
 * chosen files' diffs as unified text, cut at `maxChars` (the files list always comes first). Pure.
 */
export function buildCommitMessagePrompt(input: { diffs: FileDiff[]; maxChars?: number }): string {
  const maxChars = input.maxChars ?? COMMIT_PROMPT_DIFF_CHARS;
  const list = input.diffs.map((diff) => `- ${describeFile(diff)}`).join("\n");
  let body = "";
  for (const diff of input.diffs) {
    const text = formatFileDiff(diff);
    if (body.length + text.length > maxChars) {
      body += `\n[… the rest of the diff is left out: ${body.length + text.length - maxChars}+ more characters]\n`;
      break;
    }
    body += text;
  }
  return [
    "Write a git commit message for the change below.",
    "Answer with the message only: a subject line of at most 72 characters in the imperative mood, then, if it helps, a blank line and a short body that says why. No code fences, no preamble.",
    "",
    "Files:",
    list,
    "",
    "Diff:",
    body,
  ].join("\n");
}

/**
 * The model's answer as a commit message: code fences and a leading "Commit message:" label
 * removed, trailing blank lines dropped. Empty when nothing usable is left. Pure.
 */
export function cleanCommitMessage(answer: string): string {
  const lines = answer
    .replace(/^\s*```[a-z]*\n?/i, "")
    .replace(/\n?```\s*$/, "")
    .replace(/^\s*(commit message|message)\s*:\s*/i, "")
    .split("\n")
    .map((line) => line.replace(/\s+$/, ""));
  while (lines.length > 0 && lines[0] === "") lines.shift();
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return lines.join("\n");
}

/** A plain message made from the file list, for when the model cannot write one. Pure. */
export function buildFallbackCommitMessage(files: Array<{ display: string; kind: string }>): string {
  const names = files.map((file) => file.display.split("/").at(-1) ?? file.display);
  const verb = files.every((file) => file.kind === "added" || file.kind === "untracked")
    ? "Add"
    : files.every((file) => file.kind === "deleted")
      ? "Remove"
      : "Update";
  const subject =
    names.length === 0
      ? "Update files"
      : names.length <= 3
        ? `${verb} ${joinNames(names)}`
        : `${verb} ${names.slice(0, 2).join(", ")} and ${names.length - 2} more files`;
  const body = files.length > 1 ? `\n\n${files.map((file) => `- ${file.display} (${file.kind})`).join("\n")}` : "";
  return `${subject.slice(0, 72)}${body}`;
}

function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function describeFile(diff: FileDiff): string {
  const kind = diff.isNew
    ? "new"
    : diff.isDeleted
      ? "deleted"
      : diff.oldPath
        ? `renamed from ${diff.oldDisplay}`
        : "changed";
  return `${diff.display} (${kind}${diff.isBinary ? ", binary" : ""})`;
}

function formatFileDiff(diff: FileDiff): string {
  const header = `--- ${diff.isNew ? "/dev/null" : (diff.oldDisplay ?? diff.display)}\n+++ ${diff.isDeleted ? "/dev/null" : diff.display}\n`;
  if (diff.isBinary) return `${header}(binary file)\n`;
  const hunks = diff.hunks.map((hunk) => {
    const lines = hunk.lines.map(
      (line) => `${line.kind === "add" ? "+" : line.kind === "del" ? "-" : " "}${line.text}`,
    );
    return `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@ ${hunk.section}\n${lines.join("\n")}\n`;
  });
  return `${header}${hunks.join("")}`;
}
