/**
 * Characters that change how text is shown without being seen ("Trojan Source": `‮evil` shows as
 * `live`): bidi controls (U+202A–E, U+2066–9, U+200E/F, U+061C), zero-width and invisible ones
 * (U+200B–D, U+2060–4, U+FEFF, U+00AD, U+034F, U+180E, U+206A–F, U+FFF9–B, U+115F, U+1160, U+3164,
 * U+FFA0), U+2028/9, tag characters U+E0000–7F (text a model still reads), and C0/C1 controls
 * but tab.
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
