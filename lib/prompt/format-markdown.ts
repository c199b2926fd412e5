/**
 * Keeps text that Arbor does not control (branch names, paths, commit subjects, plan text, hook
 * state, past messages) from reading as Arbor's own words in a prompt: it can never start a line
 * of its own (so never a heading), never close the quoting it is put in, and never hide a line
 * break in a character some readers treat as one (U+2028, U+2029, NEL, vertical tab, form feed).
 */

/** Every character sequence that some reader of the prompt may treat as a line break. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** Prefixes every line with `> `, so no line of `text` can open a heading or section of its own. */
export function quoteLines(text: string): string {
  return text
    .split(LINE_BREAK)
    .map((line) => (line === "" ? ">" : `> ${line}`))
    .join("\n");
}

/** Collapses line breaks (and the blanks around them) into one space, so a one-line field stays on its line. */
export function toOneLine(text: string): string {
  const lines = text.split(LINE_BREAK);
  if (lines.length === 1) return text;
  return lines
    .map((line, index) => {
      const start = index === 0 ? line : line.trimStart();
      return index === lines.length - 1 ? start : start.trimEnd();
    })
    .filter((line, index, all) => line !== "" || index === 0 || index === all.length - 1)
    .join(" ");
}

/** Cuts `text` to at most `maxChars`, marking the cut with an ellipsis. */
export function truncateText({ text, maxChars }: { text: string; maxChars: number }): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 1))}…`;
}

/**
 * Inline code for names that come from git. The fence is one backtick longer than the longest run
 * inside (CommonMark), so a name with backticks cannot close it.
 */
export function formatCode(value: string): string {
  const oneLine = toOneLine(value);
  const longestRun = Math.max(0, ...[...oneLine.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longestRun + 1);
  const padded = oneLine.startsWith("`") || oneLine.endsWith("`") ? ` ${oneLine} ` : oneLine;
  return `${fence}${padded}${fence}`;
}

/** A one-line value in double quotes that it cannot close: a JSON string (quotes and backslashes escaped). */
export function formatQuoted(value: string): string {
  return JSON.stringify(toOneLine(value));
}
