/** Keeps text that Arbor does not control from forming top-level Markdown headings in a prompt. */

/** Prefixes every line with `> `, so no line of `text` can open a heading or section of its own. */
export function quoteLines(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => (line === "" ? ">" : `> ${line}`))
    .join("\n");
}

/** Collapses line breaks, so a one-line field (branch, subject, title) stays on its own line. */
export function toOneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

/** Cuts `text` to at most `maxChars`, marking the cut with an ellipsis. */
export function truncateText({ text, maxChars }: { text: string; maxChars: number }): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 1))}…`;
}

/** Inline code for names that come from git; a missing value reads as plain words. */
export function formatCode(value: string): string {
  return `\`${toOneLine(value)}\``;
}
