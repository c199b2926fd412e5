/**
 * Characters that change how the text around them is shown without being seen themselves: the
 * bidirectional controls (U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F, U+061C), the
 * zero-width ones (U+200B–U+200D, U+2060, U+FEFF), and the C0 controls but the tab (an escape
 * sequence, a carriage return). A repository can put them in a file to show one thing and hold
 * another ("Trojan Source": `‮evil` shows as `live`).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is revealed here
const HIDDEN = /[\u0000-\u0008\u000a-\u001f\u007f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/gu;

/**
 * The text with each hidden character written as its code point (`⟨U+202E⟩`), so a conflict's
 * sides read as what the file holds. For showing only: what is sent to Claude keeps the bytes. Pure.
 */
export function revealHiddenText(text: string): string {
  return text.replace(HIDDEN, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`);
}
