/** A check's output with its middle dropped once it outgrows its bounds: failures are at the start or the end. */
export interface BoundedOutput {
  push(chunk: Buffer): void;
  /** The head, a line saying how much was dropped (when anything was), then the tail, as UTF-8. */
  toString(): string;
  /** Bytes pushed but not kept. */
  readonly droppedBytes: number;
}

/**
 * Keeps the first `headBytes` and the last `tailBytes` of a stream, so a check that prints
 * gigabytes costs no more memory (or database space) than that. Pure.
 */
export function createBoundedOutput(input: { headBytes: number; tailBytes: number }): BoundedOutput {
  const head: Buffer[] = [];
  let headKept = 0;
  let tail: Buffer[] = [];
  let tailKept = 0;
  let totalBytes = 0;
  return {
    push(chunk) {
      totalBytes += chunk.length;
      let rest = chunk;
      if (headKept < input.headBytes) {
        const taken = rest.subarray(0, input.headBytes - headKept);
        head.push(Buffer.from(taken));
        headKept += taken.length;
        rest = rest.subarray(taken.length);
      }
      if (rest.length === 0) return;
      tail.push(Buffer.from(rest));
      tailKept += rest.length;
      // Trimmed only once twice the bound is held: a concat per chunk would cost O(n²).
      if (tailKept <= input.tailBytes * 2) return;
      const joined = Buffer.concat(tail);
      tail = [joined.subarray(joined.length - input.tailBytes)];
      tailKept = input.tailBytes;
    },
    toString() {
      const joinedTail = Buffer.concat(tail);
      const keptTail = joinedTail.subarray(Math.max(0, joinedTail.length - input.tailBytes));
      const dropped = totalBytes - headKept - keptTail.length;
      const headText = Buffer.concat(head).toString("utf8");
      if (dropped === 0) return headText + keptTail.toString("utf8");
      return `${headText}\n… ${formatBytes(dropped)} of output dropped here …\n${keptTail.toString("utf8")}`;
    },
    get droppedBytes() {
      const tailLength = Math.min(tailKept, input.tailBytes);
      return totalBytes - headKept - tailLength;
    },
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
