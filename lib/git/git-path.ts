/**
 * File names as git prints them (`-z`: exact bytes). Pure, browser-safe (no Buffer). A path token is
 * the path when valid UTF-8, else `/raw/` + base64 bytes (git never prints a leading `/`, so no
 * clash, nothing lost). `display` escapes controls and non-UTF-8 bytes (`\n`, `\xE9`), keeping a
 * name on one line.
 */
export interface GitPathText {
  path: string;
  display: string;
}

const RAW_PREFIX = "/raw/";
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();

/** The token and display form of a path's bytes. */
export function decodeGitPath(bytes: Uint8Array): GitPathText {
  let text: string | null;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    text = null;
  }
  if (text !== null) return { path: text, display: escapeControls(text) };
  return { path: RAW_PREFIX + toBase64(bytes), display: escapeBytes(bytes) };
}

/** True when the token stands for bytes that are not UTF-8. */
export function isRawPathToken(token: string): boolean {
  return token.startsWith(RAW_PREFIX);
}

/** The exact bytes of the path a token stands for. */
export function pathTokenToBytes(token: string): Uint8Array {
  return isRawPathToken(token) ? fromBase64(token.slice(RAW_PREFIX.length)) : encoder.encode(token);
}

/**
 * A path token is acceptable from a client when it could be a path git prints: relative, no NUL,
 * no `.`/`..`/empty component, and, for raw tokens, valid base64 of such bytes.
 */
export function isValidPathToken(token: string): boolean {
  if (token === "" || token.length > 16_384) return false;
  let bytes: Uint8Array;
  try {
    bytes = pathTokenToBytes(token);
  } catch {
    return false;
  }
  if (bytes.length === 0 || bytes.includes(0)) return false;
  const text = new TextDecoder("latin1").decode(bytes);
  if (text.startsWith("/")) return false;
  return text.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

/**
 * The pathspec to give git for a token on its command line. A UTF-8 path is matched literally
 * (`:(literal)`: no globbing, so `*.txt` is one file); a name whose bytes cannot travel in a
 * command line (not UTF-8) becomes a glob where each such byte is `?`: it can match other names
 * too, so the caller keeps only the entry whose bytes are the token's.
 */
export function toCommandLinePathspec(token: string): string {
  if (!isRawPathToken(token)) return `:(literal)${token}`;
  let pattern = "";
  for (const piece of splitUtf8Runs(pathTokenToBytes(token))) {
    pattern += typeof piece === "string" ? piece.replace(/[*?[\\]/g, (char) => `\\${char}`) : "?".repeat(piece);
  }
  return `:(glob)${pattern}`;
}

/** The bytes of one entry of a `--pathspec-from-file --pathspec-file-nul` file: the exact path, literally. */
export function toPathspecFileEntry(token: string): Uint8Array {
  const prefix = encoder.encode(":(literal)");
  const bytes = pathTokenToBytes(token);
  const entry = new Uint8Array(prefix.length + bytes.length + 1);
  entry.set(prefix, 0);
  entry.set(bytes, prefix.length);
  return entry;
}

/** Compares the bytes two tokens stand for. */
export function isSamePath(a: string, b: string): boolean {
  if (a === b) return true;
  const left = pathTokenToBytes(a);
  const right = pathTokenToBytes(b);
  return left.length === right.length && left.every((byte, index) => byte === right[index]);
}

/**
 * Reads a path as git writes it in patch headers: plain, or C-quoted (`"a/caf\351.txt"`) when it
 * has unusual bytes. Returns the bytes.
 */
export function unquoteGitPath(text: string): Uint8Array {
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2) return encoder.encode(text);
  const bytes: number[] = [];
  const inner = text.slice(1, -1);
  for (let index = 0; index < inner.length; index += 1) {
    const char = inner[index]!;
    if (char !== "\\") {
      bytes.push(...encoder.encode(char));
      continue;
    }
    const next = inner[index + 1] ?? "";
    const octal = /^[0-7]{3}/.exec(inner.slice(index + 1, index + 4));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      index += 3;
      continue;
    }
    bytes.push(...encoder.encode(C_ESCAPES[next] ?? next));
    index += 1;
  }
  return Uint8Array.from(bytes);
}

/**
 * A name as git writes it C-quoted (patch headers, `info/alternates`), so that git's unquoting
 * (unquoteGitPath's) gives back exactly `text`'s UTF-8 bytes: always in double quotes; `"` and `\`
 * escaped, the usual controls as `\n`, `\t` and the like, every other control and non-ASCII byte
 * in octal.
 */
export function quoteGitPath(text: string): string {
  let quoted = '"';
  for (const byte of encoder.encode(text)) {
    const char = String.fromCharCode(byte);
    const short = C_QUOTES[char];
    if (short) quoted += `\\${short}`;
    else if (byte < 0x20 || byte >= 0x7f) quoted += `\\${byte.toString(8).padStart(3, "0")}`;
    else quoted += char;
  }
  return `${quoted}"`;
}

const C_ESCAPES: Record<string, string> = {
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  '"': '"',
  "\\": "\\",
};

/** The byte each C escape letter stands for, the other way round (quoteGitPath). */
const C_QUOTES: Record<string, string> = Object.fromEntries(
  Object.entries(C_ESCAPES).map(([letter, char]) => [char, letter]),
);

function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped here
  return text.replace(/[\u0000-\u001f\u007f]/g, (char) => {
    if (char === "\n") return "\\n";
    if (char === "\t") return "\\t";
    if (char === "\r") return "\\r";
    return `\\x${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
  });
}

function escapeBytes(bytes: Uint8Array): string {
  let display = "";
  for (const piece of splitUtf8Runs(bytes, { keepBytes: true })) {
    display += typeof piece === "string" ? escapeControls(piece) : "";
  }
  return display;
}

/**
 * The bytes as runs of valid UTF-8 text and invalid bytes. Invalid bytes come back as a count
 * (or, with keepBytes, as their `\xNN` escapes inside the text).
 */
function splitUtf8Runs(bytes: Uint8Array, options: { keepBytes?: boolean } = {}): Array<string | number> {
  const pieces: Array<string | number> = [];
  let start = 0;
  let index = 0;
  const flushText = (end: number) => {
    if (end > start) pieces.push(strictUtf8.decode(bytes.subarray(start, end)));
  };
  while (index < bytes.length) {
    const length = validSequenceLength(bytes, index);
    if (length > 0) {
      index += length;
      continue;
    }
    flushText(index);
    const byte = bytes[index]!;
    pieces.push(options.keepBytes ? `\\x${byte.toString(16).toUpperCase().padStart(2, "0")}` : 1);
    index += 1;
    start = index;
  }
  flushText(index);
  if (options.keepBytes) return [pieces.map(String).join("")];
  // Merge neighbouring counts so `??` stays one piece per run.
  return pieces.reduce<Array<string | number>>((merged, piece) => {
    const last = merged[merged.length - 1];
    if (typeof piece === "number" && typeof last === "number") merged[merged.length - 1] = last + piece;
    else merged.push(piece);
    return merged;
  }, []);
}

/** Length of the valid UTF-8 sequence starting at `index`, or 0 when the byte there starts none. */
function validSequenceLength(bytes: Uint8Array, index: number): number {
  const first = bytes[index]!;
  if (first < 0x80) return 1;
  const length =
    first >= 0xc2 && first <= 0xdf ? 2 : first >= 0xe0 && first <= 0xef ? 3 : first >= 0xf0 && first <= 0xf4 ? 4 : 0;
  if (length === 0 || index + length > bytes.length) return 0;
  try {
    strictUtf8.decode(bytes.subarray(index, index + length));
    return length;
  } catch {
    return 0;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
