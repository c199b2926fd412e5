/** A piece of a message: plain text, or a code span's content. */
export interface TextPiece {
  text: string;
  isCode: boolean;
}

/**
 * Splits a message at its code spans, as CommonMark reads them: a run of backticks opens one, the
 * next run of exactly as many closes it, and a span never crosses a blank line. So Arbor's advice
 * shows `git stash -u` as code without its backticks, and what a user typed keeps a stray backtick,
 * or ``` in the middle of a sentence, as written. A space at both ends of a span's content goes, as
 * in CommonMark (`` `x` `` shows `x` in backticks).
 */
export function splitInlineCode(message: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const pushText = (text: string) => {
    if (text === "") return;
    const last = pieces.at(-1);
    if (last && !last.isCode) last.text += text;
    else pieces.push({ text, isCode: false });
  };
  // Every backtick run and every blank line, found once: a long message stays linear to split.
  const runs = [...message.matchAll(/`+/g)].map((match) => ({ at: match.index, length: match[0].length }));
  const blankLines = [...message.matchAll(/\n[ \t]*\r?\n/g)].map((match) => match.index);
  let textStart = 0;
  let index = 0;
  while (index < runs.length) {
    const opening = runs[index]!;
    const contentStart = opening.at + opening.length;
    const paragraphEnd = blankLines.find((at) => at >= contentStart) ?? message.length;
    let closing = index + 1;
    while (closing < runs.length && runs[closing]!.at < paragraphEnd && runs[closing]!.length !== opening.length)
      closing += 1;
    const close = runs[closing];
    const content = close && close.at < paragraphEnd ? message.slice(contentStart, close.at) : null;
    if (content === null || content.trim() === "") {
      index += 1; // Literal backticks; a span may start after them.
      continue;
    }
    pushText(message.slice(textStart, opening.at));
    pieces.push({ text: trimOneSpace(content), isCode: true });
    textStart = close!.at + close!.length;
    index = closing + 1;
  }
  pushText(message.slice(textStart));
  return pieces;
}

function trimOneSpace(content: string): string {
  return content.length > 2 && content.startsWith(" ") && content.endsWith(" ") ? content.slice(1, -1) : content;
}
