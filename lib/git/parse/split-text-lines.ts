/** A file's text as lines, the way diff counts them (a final newline ends the last line, it does not start one). Pure. */
export function splitTextLines(text: string): { lines: string[]; hasFinalNewline: boolean } {
  if (text === "") return { lines: [], hasFinalNewline: true };
  const hasFinalNewline = text.endsWith("\n");
  const lines = (hasFinalNewline ? text.slice(0, -1) : text).split("\n");
  return { lines, hasFinalNewline };
}
