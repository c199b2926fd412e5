import { extractRelays, type Relay } from "./extract-relays.ts";
import { openTranscript, parseEntry } from "./transcript-reader.ts";
import { isHumanUserEntry } from "./transcript-entry.ts";

const BACKWARD_CHUNK_BYTES = 256 * 1024;
export const DEFAULT_MAX_SCAN_BYTES = 256 * 1024 * 1024;

export interface LastRelayResult {
  /** The last relay of the session, or null when there is none (or the scan gave up). */
  relay: Relay | null;
  /** Bytes read from the end of the file. */
  scannedBytes: number;
  /** True when `maxScanBytes` was reached before the start of the last human prompt. */
  gaveUp: boolean;
}

/**
 * Finds the last relay by reading the transcript BACKWARDS in 256 KiB chunks until the start of
 * the last human prompt, so the cost depends on the size of that relay, not of the file (a 200 MB
 * transcript whose last relay is small reads a few hundred KB). Lines are only parsed once they
 * are complete; a half-written last line is ignored. Throws like `readTranscriptFrom` when the
 * file cannot be opened.
 */
export async function readLastRelay(params: { path: string; maxScanBytes?: number }): Promise<LastRelayResult> {
  const maxScanBytes = params.maxScanBytes ?? DEFAULT_MAX_SCAN_BYTES;
  const handle = await openTranscript(params.path);
  try {
    const fileSize = (await handle.stat()).size;
    const newestFirst: Record<string, unknown>[] = [];
    let carry: Buffer[] = [];
    let end = fileSize;
    let isFound = false;
    const takeLine = (bytes: Buffer): void => {
      const entry = parseEntry(bytes.toString("utf8"));
      if (!entry) return;
      newestFirst.push(entry);
      isFound = isHumanUserEntry(entry);
    };
    while (end > 0 && !isFound && fileSize - end < maxScanBytes) {
      const start = Math.max(0, end - BACKWARD_CHUNK_BYTES);
      const chunk = Buffer.alloc(end - start);
      await handle.read(chunk, 0, chunk.length, start);
      end = start;
      let lineEnd = chunk.length;
      for (
        let newline = chunk.lastIndexOf(10, lineEnd - 1);
        lineEnd > 0 && newline !== -1 && !isFound;
        newline = lineEnd > 0 ? chunk.lastIndexOf(10, lineEnd - 1) : -1
      ) {
        takeLine(Buffer.concat([chunk.subarray(newline + 1, lineEnd), ...carry]));
        carry = [];
        lineEnd = newline;
      }
      if (!isFound) carry.unshift(chunk.subarray(0, lineEnd));
      if (end === 0 && !isFound) takeLine(Buffer.concat(carry));
    }
    const relays = extractRelays(newestFirst.reverse());
    const gaveUp = !isFound && end > 0;
    return { relay: gaveUp ? null : (relays.at(-1) ?? null), scannedBytes: fileSize - end, gaveUp };
  } finally {
    await handle.close();
  }
}
