import { isUtf8 } from "node:buffer";
import { parseEntry } from "@/lib/hook-events/transcripts/transcript-reader.ts";

/** One line of a JSONL file: its text (null when its bytes are not UTF-8) and where it starts. */
export type LineHandler = (text: string | null, offset: number) => void;

/**
 * Splits a file read in chunks into lines: the chunk's complete lines are checked for UTF-8 in one
 * pass and each is decoded from the chunk (a chunk that is not all UTF-8 is checked line by line,
 * and its bad lines reported as null). Only a line that spans chunks is copied, once, when its end
 * arrives. A line longer than `maxLineBytes` is not
 * kept: it is reported as not UTF-8 (null), i.e. malformed. `\\r` before `\\n` is left to
 * JSON.parse (whitespace). Offsets are absolute byte offsets in the file.
 */
export class JsonlSplitter {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #isOverlong = false;
  /** Offset of the first byte not yet handed out as part of a complete line. */
  #consumed: number;
  readonly #maxLineBytes: number;

  constructor(options: { startOffset: number; maxLineBytes: number }) {
    this.#consumed = options.startOffset;
    this.#maxLineBytes = options.maxLineBytes;
  }

  /** Offset just after the last complete line handed out. */
  get consumedOffset(): number {
    return this.#consumed;
  }

  /** Bytes held of a line whose end has not arrived. */
  get pendingBytes(): number {
    return this.#pendingBytes;
  }

  push(chunk: Buffer, onLine: LineHandler): void {
    let start = 0;
    let newline = chunk.indexOf(10);
    if (newline !== -1 && this.#pendingBytes > 0) {
      this.#emitJoined(chunk.subarray(0, newline), onLine);
      start = newline + 1;
      newline = chunk.indexOf(10, start);
    }
    if (newline !== -1) {
      const lastNewline = chunk.lastIndexOf(10);
      // Each line is decoded on its own: a line's text is young garbage once parsed. One decode of the
      // whole chunk (4 MB, or 8 as UTF-16) lands in large-object space each time, and under
      // --optimize-for-size that set off a full GC every few chunks (the import ran at half the speed).
      if (isUtf8(chunk.subarray(start, lastNewline))) {
        for (; newline !== -1; newline = chunk.indexOf(10, start)) {
          this.#emit(chunk.toString("utf8", start, newline), newline - start + 1, onLine);
          start = newline + 1;
        }
      } else {
        for (; newline !== -1; newline = chunk.indexOf(10, start)) {
          const text = isUtf8(chunk.subarray(start, newline)) ? chunk.toString("utf8", start, newline) : null;
          this.#emit(text, newline - start + 1, onLine);
          start = newline + 1;
        }
      }
    }
    if (start < chunk.length) this.#hold(chunk.subarray(start));
  }

  /**
   * The bytes after the last newline (a line without its `\\n`), handed out as a line when
   * `asLine` (a finished file), else left pending. Returns whether there was one.
   */
  end(onLine: LineHandler, asLine: boolean): boolean {
    if (this.#pendingBytes === 0) return false;
    if (asLine) this.#emitJoined(Buffer.alloc(0), onLine, 0);
    return true;
  }

  #hold(rest: Buffer): void {
    this.#pendingBytes += rest.length;
    if (this.#isOverlong) return;
    if (this.#pendingBytes > this.#maxLineBytes) {
      this.#isOverlong = true;
      this.#pending = [];
    } else this.#pending.push(Buffer.from(rest));
  }

  #emitJoined(head: Buffer, onLine: LineHandler, newlineBytes = 1): void {
    const bytes = this.#pendingBytes + head.length;
    let text: string | null = null;
    if (!this.#isOverlong && bytes <= this.#maxLineBytes) {
      const line = Buffer.concat([...this.#pending, head], bytes);
      text = isUtf8(line) ? line.toString("utf8") : null;
    }
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#isOverlong = false;
    this.#emit(text, bytes + newlineBytes, onLine);
  }

  #emit(text: string | null, bytesWithNewline: number, onLine: LineHandler): void {
    const offset = this.#consumed;
    this.#consumed += bytesWithNewline;
    onLine(text, offset);
  }
}

/**
 * A line as a JSON object, `"blank"` for an empty or whitespace-only line, or null when it is not
 * a JSON object (invalid JSON, not UTF-8, an array or a scalar).
 */
export function parseJsonlLine(text: string | null): Record<string, unknown> | "blank" | null {
  if (text === null) return null;
  if (text.length === 0) return "blank";
  return parseEntry(text) ?? (text.trim() === "" ? "blank" : null);
}
