import { StringDecoder } from "node:string_decoder";

/** Splits a byte stream into lines. */
export interface LineSplitter {
  /** Feeds a chunk; complete lines are passed to `onLine` synchronously, in order. */
  push(chunk: Buffer | string): void;
  /** Flushes the last line when the stream ended without a newline. */
  end(): void;
}

/**
 * Creates a splitter for newline-delimited output. Chunks may end mid-line or in the middle of a
 * multi-byte UTF-8 character; both are carried over to the next chunk. `\r\n` is treated as `\n`.
 */
export function createLineSplitter(onLine: (line: string) => void): LineSplitter {
  const decoder = new StringDecoder("utf8");
  let pending = "";

  function emit(line: string): void {
    onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
  }

  function take(text: string): void {
    const parts = text.split("\n");
    if (parts.length === 1) {
      pending += text;
      return;
    }
    emit(pending + (parts[0] ?? ""));
    for (let index = 1; index < parts.length - 1; index += 1) emit(parts[index] ?? "");
    pending = parts.at(-1) ?? "";
  }

  return {
    push(chunk) {
      take(typeof chunk === "string" ? chunk : decoder.write(chunk));
    },
    end() {
      take(decoder.end());
      if (pending.length > 0) emit(pending);
      pending = "";
    },
  };
}
