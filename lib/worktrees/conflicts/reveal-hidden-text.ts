/**
 * Characters that change how the text around them is shown without being seen themselves: the
 * bidirectional controls (U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F, U+061C), the
 * zero-width and invisible ones (U+200B–U+200D, U+2060–U+2064, U+FEFF, the soft hyphen U+00AD,
 * U+034F, U+180E, the deprecated format controls U+206A–U+206F, the interlinear annotation marks
 * U+FFF9–U+FFFB, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0), the line and paragraph
 * separators U+2028, U+2029, the tag characters U+E0000–U+E007F (invisible text a model still
 * reads: "ASCII smuggling"), and the C0 and C1 controls but the tab (an escape sequence, a
 * carriage return). A repository can put them in a file to show one thing and hold another
 * ("Trojan Source": `‮evil` shows as `live`).
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- control and combining characters are exactly what is revealed here
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}]/gu;

/**
 * The text with each hidden character written as its code point (`⟨U+202E⟩`), so a conflict's
 * sides read as what the file holds. For showing only: what is sent to Claude keeps the bytes. Pure.
 */
export function revealHiddenText(text: string): string {
  return text.replace(HIDDEN, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`);
}
