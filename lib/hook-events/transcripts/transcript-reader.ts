import { open, type FileHandle } from "node:fs/promises";
import { AppError } from "@/lib/errors/app-error.ts";

const CHUNK_BYTES = 1024 * 1024;
export const DEFAULT_TRANSCRIPT_READ_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

export interface TranscriptReadResult {
  /** Parsed JSON objects, in file order, of every entry type (unknown ones included). */
  entries: Record<string, unknown>[];
  /** Byte offset where each entry's line starts (same order as `entries`). */
  entryOffsets: number[];
  /** Complete lines that were not a JSON object, or longer than `maxLineBytes` (skipped). */
  malformedLines: number;
  /** Byte offset just after the last complete line consumed: pass it as `offset` next time. */
  nextOffset: number;
  /** True when every complete line up to the end of the file was consumed. */
  reachedEnd: boolean;
  /** True when the file is shorter than `offset` (replaced or truncated): read again from 0. */
  isOffsetBeyondEnd: boolean;
  fileSize: number;
}

/**
 * Reads the JSONL lines that start at byte `offset`, 1 MiB at a time, so a 200 MB transcript is
 * never loaded whole. Stops at the first line end after `maxBytes` bytes (a single longer line is
 * still read whole, up to `maxLineBytes`; beyond that it is skipped and counted as malformed).
 * A last line without its `\n` is being written: it is left for the next call. Blank lines are
 * ignored. Throws `AppError` not_found / forbidden / invalid_input when the file cannot be read.
 */
export async function readTranscriptFrom(params: {
  path: string;
  offset: number;
  maxBytes?: number;
  maxLineBytes?: number;
}): Promise<TranscriptReadResult> {
  const { path, offset } = params;
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new AppError("invalid_input", `A transcript offset must be a whole number of bytes ≥ 0, got ${offset}.`);
  const maxBytes = params.maxBytes ?? DEFAULT_TRANSCRIPT_READ_BYTES;
  const maxLineBytes = params.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const handle = await openTranscript(path);
  try {
    const fileSize = (await handle.stat()).size;
    const result: TranscriptReadResult = {
      entries: [],
      entryOffsets: [],
      malformedLines: 0,
      nextOffset: offset,
      reachedEnd: true,
      isOffsetBeyondEnd: offset > fileSize,
      fileSize,
    };
    if (result.isOffsetBeyondEnd) return result;
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let isSkippingLongLine = false;
    let readAt = offset;
    let isBudgetSpent = false;
    while (readAt < fileSize && !isBudgetSpent) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK_BYTES, fileSize - readAt), readAt);
      if (bytesRead === 0) break;
      readAt += bytesRead;
      const chunk = buffer.subarray(0, bytesRead);
      let lineStart = 0;
      for (let newline = chunk.indexOf(10); newline !== -1 && !isBudgetSpent; newline = chunk.indexOf(10, lineStart)) {
        if (isSkippingLongLine) result.malformedLines += 1;
        else
          takeLine({
            line: Buffer.concat([...pending, chunk.subarray(lineStart, newline)]),
            lineOffset: result.nextOffset,
            result,
          });
        result.nextOffset += pendingBytes + newline - lineStart + 1;
        pending = [];
        pendingBytes = 0;
        isSkippingLongLine = false;
        lineStart = newline + 1;
        isBudgetSpent = result.nextOffset - offset >= maxBytes;
      }
      if (isBudgetSpent) break;
      pendingBytes += bytesRead - lineStart;
      if (!isSkippingLongLine) pending.push(Buffer.from(chunk.subarray(lineStart)));
      if (pendingBytes > maxLineBytes && !isSkippingLongLine) {
        isSkippingLongLine = true;
        pending = [];
      }
    }
    result.reachedEnd = !isBudgetSpent || result.nextOffset >= fileSize;
    return result;
  } finally {
    await handle.close();
  }
}

function takeLine(params: { line: Buffer; lineOffset: number; result: TranscriptReadResult }): void {
  const text = params.line.toString("utf8").replace(/\r$/, "");
  if (text.trim() === "") return;
  const entry = parseEntry(text);
  if (entry) {
    params.result.entries.push(entry);
    params.result.entryOffsets.push(params.lineOffset);
  } else params.result.malformedLines += 1;
}

/** A JSONL line as an object, or null when it is not valid JSON or not an object. */
export function parseEntry(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Opens a transcript for reading, turning file-system errors into messages a user can act on. */
export async function openTranscript(path: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new AppError(
        "not_found",
        `The transcript ${path} does not exist (yet). Claude Code creates it on the session's first prompt; sessions run with --no-session-persistence have none.`,
        { cause: error },
      );
    if (code === "EACCES" || code === "EPERM")
      throw new AppError("forbidden", `Arbor may not read the transcript ${path}; check the file's permissions.`, {
        cause: error,
      });
    throw error;
  }
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new AppError("invalid_input", `${path} is not a regular file, so it cannot be a transcript.`);
  }
  return handle;
}
