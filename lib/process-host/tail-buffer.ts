/** Keeps only the last `limitBytes` bytes of a stream, for error reports and logs. */
export interface TailBuffer {
  push(chunk: Buffer): void;
  /** The kept bytes as UTF-8; a character cut at the start becomes U+FFFD. */
  toString(): string;
  /** Total bytes pushed, including the dropped ones. */
  readonly totalBytes: number;
}

/** Creates a bounded buffer so a chatty process cannot grow Arbor's memory without limit. */
export function createTailBuffer(limitBytes: number): TailBuffer {
  let chunks: Buffer[] = [];
  let keptBytes = 0;
  let totalBytes = 0;
  return {
    push(chunk) {
      totalBytes += chunk.length;
      chunks.push(chunk);
      keptBytes += chunk.length;
      if (keptBytes <= limitBytes * 2) return;
      const tail = Buffer.concat(chunks).subarray(keptBytes - limitBytes);
      chunks = [Buffer.from(tail)];
      keptBytes = tail.length;
    },
    toString() {
      const all = Buffer.concat(chunks);
      return all.subarray(Math.max(0, all.length - limitBytes)).toString("utf8");
    },
    get totalBytes() {
      return totalBytes;
    },
  };
}
