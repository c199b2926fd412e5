/** A piece of what the user sent: prose (shown as typed), or a fenced code block's lines. */
export type UserTextPiece = { kind: "text"; text: string } | { kind: "code"; text: string; language: string };

const FENCE = /^ {0,3}(`{3,})([^`]*)$/;

/**
 * Splits a user message at its fenced code blocks (``` lines, as CommonMark reads them: closed by a
 * fence at least as long, or by the end of the message), so a pasted block or Arbor's own request
 * ("Ask Claude to resolve" quotes both sides of each conflict) shows as code. Everything else stays
 * exactly as typed: no other Markdown is read from a user's words.
 */
export function splitFencedBlocks(message: string): UserTextPiece[] {
  const pieces: UserTextPiece[] = [];
  const lines = message.split("\n");
  let prose: string[] = [];
  let index = 0;
  const flushProse = () => {
    if (prose.length > 0) pieces.push({ kind: "text", text: prose.join("\n") });
    prose = [];
  };
  while (index < lines.length) {
    const open = FENCE.exec(lines[index]!);
    if (!open) {
      prose.push(lines[index]!);
      index += 1;
      continue;
    }
    const marks = open[1]!.length;
    const body: string[] = [];
    index += 1;
    while (index < lines.length) {
      const close = /^ {0,3}(`{3,})\s*$/.exec(lines[index]!);
      if (close && close[1]!.length >= marks) break;
      body.push(lines[index]!);
      index += 1;
    }
    index += 1; // the closing fence (or past the end)
    flushProse();
    pieces.push({ kind: "code", text: body.join("\n"), language: open[2]!.trim() });
  }
  flushProse();
  return pieces;
}
