import { closeSync, openSync, readSync } from "node:fs";
import type { Db } from "@/lib/db/client.ts";
import { createRelayStream, relayContent, type Relay } from "@/lib/hooks/extract-relays.ts";
import { findRunIdForSession } from "@/lib/hook-capture/run-link-cache.ts";
import { extractUserMessage } from "@/lib/prompt/extract-user-message.ts";
import { JsonlSplitter, parseJsonlLine } from "./jsonl-splitter.ts";
import type { HistoryFile } from "./history-files.ts";
import { writeRelayChunk, type RelayRow } from "./write-relays.ts";

/** A line longer than this is counted as malformed instead of being held in memory. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

export interface FileImportOptions {
  db: Db;
  file: HistoryFile;
  /** Byte offset to start from (the stored cursor; 0 for a new file). */
  startOffset: number;
  target: { repoId: string; worktreePath: string };
  /** Where each chunk is read: one buffer for the whole import (a fresh 4 MB per small file kept the GC busy). */
  buffer: Buffer;
  /**
   * The file was last modified long enough ago to be finished: its last line without `\n` is
   * read as a line (malformed when cut), and the file is marked complete (skipped while unchanged).
   */
  isSettled: boolean;
  /** Called after each committed chunk with the bytes it covered; resolves when reading may go on. */
  afterChunk: (progress: { bytes: number; relays: number; malformedLines: number }) => Promise<void>;
  shouldStop: () => boolean;
}

export interface FileImportResult {
  relays: number;
  malformedLines: number;
  /** False when the import was stopped before the file's end. */
  isFinished: boolean;
}

/**
 * Imports one session file from `startOffset` to its end, a buffer's length at a time: each chunk's
 * lines are parsed and fed to a streaming relay extractor, and the relays it closed are written
 * with the file's cursor in one transaction. The cursor is the start of the relay still open
 * (the next read rebuilds it) or, with none open, the end of the last complete line, so stopping
 * anywhere and starting again yields the same rows (upserts keyed by session and first uuid).
 */
export async function importHistoryFile(options: FileImportOptions): Promise<FileImportResult> {
  const { file, buffer } = options;
  const chunkBytes = buffer.length;
  // Synchronous reads: a chunk from the page cache takes a millisecond or two, and thousands of
  // small files spent more time waiting for the thread pool (open, read, close) than reading.
  const fd = openSync(file.path, "r");
  const stream = createRelayStream({ sidechain: file.agentId !== null });
  const splitter = new JsonlSplitter({ startOffset: options.startOffset, maxLineBytes: MAX_LINE_BYTES });
  const result: FileImportResult = { relays: 0, malformedLines: 0, isFinished: false };
  let closed: Relay[] = [];
  let openStart: number | null = null;
  let chunkMalformed = 0;
  const onLine = (text: string | null, offset: number) => {
    const entry = parseJsonlLine(text);
    if (entry === "blank") return;
    if (entry === null) {
      chunkMalformed += 1;
      return;
    }
    const wasOpen = stream.isOpen;
    const relay = stream.push(entry);
    if (relay) closed.push(relay);
    if (relay || wasOpen !== stream.isOpen) openStart = stream.isOpen ? offset : null;
  };
  const commit = async (settled: boolean) => {
    const rows = closed.map((relay) => toRelayRow(options, relay));
    for (const row of rows)
      if (row.runId === PENDING_RUN_LOOKUP) row.runId = await findRunIdForSession(options.db, row.sessionId);
    const offset = openStart ?? splitter.consumedOffset;
    await writeRelayChunk(options.db, rows, {
      path: file.path,
      sessionId: file.sessionId,
      offset,
      settled: settled ? { fileSize: file.size, mtimeMs: file.mtimeMs } : null,
    });
    const progress = { relays: rows.length, malformedLines: chunkMalformed };
    result.relays += rows.length;
    result.malformedLines += chunkMalformed;
    closed = [];
    chunkMalformed = 0;
    return progress;
  };
  try {
    let readAt = options.startOffset;
    let lastBytes = 0;
    while (readAt < file.size) {
      if (options.shouldStop()) return result;
      const bytesRead = readSync(fd, buffer, 0, Math.min(chunkBytes, file.size - readAt), readAt);
      if (bytesRead === 0) break;
      readAt += bytesRead;
      splitter.push(buffer.subarray(0, bytesRead), onLine);
      if (readAt >= file.size) {
        lastBytes = bytesRead;
        break;
      }
      await options.afterChunk({ bytes: bytesRead, ...(await commit(false)) });
    }
    splitter.end(onLine, options.isSettled);
    const last = stream.finish();
    if (last) closed.push(last);
    await options.afterChunk({ bytes: lastBytes, ...(await commit(options.isSettled)) });
    result.isFinished = true;
    return result;
  } finally {
    closeSync(fd);
  }
}

/** Marks a row whose run is looked up before it is written (rare: relays Arbor's own prompt started). */
const PENDING_RUN_LOOKUP = "\u0000pending";

function toRelayRow(options: FileImportOptions, relay: Relay): RelayRow {
  const sessionId =
    options.file.agentId === null ? (relay.sessionId ?? options.file.sessionId) : options.file.sessionId;
  return {
    sessionId,
    startUuid: relay.startUuid,
    repoId: options.target.repoId,
    worktreePath: options.target.worktreePath,
    cwd: options.target.worktreePath,
    ...relayContent(relay),
    // Arbor's run only when the relay starts with Arbor's prompt (see ingest-transcript.ts).
    runId: options.file.agentId === null && extractUserMessage(relay.userText) !== null ? PENDING_RUN_LOOKUP : null,
    agentId: options.file.agentId,
  };
}
