/**
 * Removes terminal escape sequences (colours, cursor moves, OSC titles and links) from a check's
 * output so it reads as plain text in the browser, and so the failure finders match text, not
 * colours; a lone carriage return before a newline goes too.
 */
// CSI (ESC [ … final byte), OSC (ESC ] … BEL or ESC \), and two-byte escapes (ESC followed by one character).
/* eslint-disable no-control-regex -- matching control characters is the point here. */
const ESCAPES =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
/* eslint-enable no-control-regex */

/** Carriage returns before a newline; matched only from a run's first `\r`, so a long run costs its length once. */
const RETURNS_BEFORE_NEWLINE = /(?<!\r)\r+\n/g;

export function stripAnsi(text: string): string {
  return text.replace(ESCAPES, "").replace(RETURNS_BEFORE_NEWLINE, "\n");
}
