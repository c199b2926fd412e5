/** A piece of a message: plain text, or what the message put between backticks. */
export interface TextPiece {
  text: string;
  isCode: boolean;
}

/**
 * Splits a message Arbor wrote (an error, a warning, advice) at its backtick pairs, so
 * `git stash -u` shows as code instead of with its backticks. A backtick without a partner, and an
 * empty pair, stay as they are.
 */
export function splitInlineCode(message: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const pushText = (text: string) => {
    if (text === "") return;
    const last = pieces.at(-1);
    if (last && !last.isCode) last.text += text;
    else pieces.push({ text, isCode: false });
  };
  let rest = message;
  for (;;) {
    const open = rest.indexOf("`");
    const close = open === -1 ? -1 : rest.indexOf("`", open + 1);
    if (close === -1) break;
    const code = rest.slice(open + 1, close);
    if (code.trim() === "") {
      pushText(rest.slice(0, close + 1));
      rest = rest.slice(close + 1);
      continue;
    }
    pushText(rest.slice(0, open));
    pieces.push({ text: code, isCode: true });
    rest = rest.slice(close + 1);
  }
  pushText(rest);
  return pieces;
}
