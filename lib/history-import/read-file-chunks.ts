import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { createRelayStream, relayContent, type Relay } from "@/lib/hook-events/transcripts/extract-relays.ts";
import { extractUserMessage } from "@/lib/prompt/extract-user-message.ts";
import { JsonlSplitter, parseJsonlLine } from "./jsonl-splitter.ts";
import type { HistoryFile } from "./history-files.ts";
import type { RelayRow } from "./relay-row.ts";

/** A line longer than this is counted as malformed instead of being held in memory. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** One file of an import's plan: where to read from, and whether a cut last line counts as a line. */
export interface PlannedFile {
  file: HistoryFile;
  /** Byte offset to start from (the stored cursor; 0 for a new file). */
  startOffset: number;
  /**
   * The file was last modified long enough ago to be finished: its last line without `\n` is
   * read as a line (malformed when cut), and the file is marked complete (skipped while unchanged).
   */
  isSettled: boolean;
}

/** What one chunk of a file yields: the relays it closed and the cursor to store with them, in one transaction. */
export interface ReadChunk {
  /** Bytes of the file this chunk covered. */
  bytes: number;
  /** Rows ready to write; `runId` is null (see `runLookups`). Empty when sent as `sqliteParams`. */
  rows: RelayRow[];
  /** The rows as SQLite parameters instead (the reader thread builds them for an SQLite database). */
  sqliteParams?: unknown[][];
  /** Indexes of rows whose relay starts with Arbor's prompt: their run is looked up before writing. */
  runLookups: number[];
  malformedLines: number;
  /** The start of the relay still open (the next read rebuilds it) or, with none open, the end of the last complete line. */
  offset: number;
  /** Set on the last chunk of a settled file: it is complete while its size and mtime stay so. */
  settled: { fileSize: number; mtimeMs: number } | null;
  /** The file's last chunk. */
  isLast: boolean;
}

/**
 * Reads one session file from `startOffset` to its end, a buffer's length at a time: each chunk's
 * lines are parsed and fed to a streaming relay extractor, and the relays it closed come out as
 * rows with the cursor to store beside them. Stopping after any chunk and starting again from its
 * cursor yields the same rows (the writer upserts them keyed by session and first uuid). Pure
 * apart from reading the file (synchronously: a chunk from the page cache takes a millisecond or
 * two, and thousands of small files spent more time waiting for the thread pool than reading).
 */
export function* readFileChunks(
  planned: PlannedFile,
  target: { repoId: string; worktreePath: string },
  buffer: Buffer,
): Generator<ReadChunk, void, void> {
  const { file } = planned;
  const fd = openRegularFile(file.path);
  const stream = createRelayStream({ sidechain: file.agentId !== null });
  const splitter = new JsonlSplitter({ startOffset: planned.startOffset, maxLineBytes: MAX_LINE_BYTES });
  let rows: RelayRow[] = [];
  let runLookups: number[] = [];
  // A closed relay becomes its row at once (the relay's parsed pieces are garbage right away).
  const closeRelay = (relay: Relay) => {
    if (file.agentId === null && extractUserMessage(relay.userText) !== null) runLookups.push(rows.length);
    rows.push(toRelayRow(file, target, relay));
  };
  let openStart: number | null = null;
  let malformed = 0;
  const onLine = (text: string | null, offset: number) => {
    const entry = parseJsonlLine(text);
    if (entry === "blank") return;
    if (entry === null) {
      malformed += 1;
      return;
    }
    const wasOpen = stream.isOpen;
    const relay = stream.push(entry);
    if (relay) closeRelay(relay);
    if (relay || wasOpen !== stream.isOpen) openStart = stream.isOpen ? offset : null;
  };
  const take = (bytes: number, isLast: boolean): ReadChunk => {
    const chunk: ReadChunk = {
      bytes,
      rows,
      runLookups,
      malformedLines: malformed,
      offset: openStart ?? splitter.consumedOffset,
      settled: isLast && planned.isSettled ? { fileSize: file.size, mtimeMs: file.mtimeMs } : null,
      isLast,
    };
    rows = [];
    runLookups = [];
    malformed = 0;
    return chunk;
  };
  try {
    let readAt = planned.startOffset;
    let lastBytes = 0;
    while (readAt < file.size) {
      const bytesRead = readSync(fd, buffer, 0, Math.min(buffer.length, file.size - readAt), readAt);
      if (bytesRead === 0) break;
      readAt += bytesRead;
      splitter.push(buffer.subarray(0, bytesRead), onLine);
      if (readAt >= file.size) {
        lastBytes = bytesRead;
        break;
      }
      yield take(bytesRead, false);
    }
    splitter.end(onLine, planned.isSettled);
    const last = stream.finish();
    if (last) closeRelay(last);
    yield take(lastBytes, true);
  } finally {
    closeSync(fd);
  }
}

function toRelayRow(file: HistoryFile, target: { repoId: string; worktreePath: string }, relay: Relay): RelayRow {
  return {
    sessionId: file.agentId === null ? (relay.sessionId ?? file.sessionId) : file.sessionId,
    startUuid: relay.startUuid,
    repoId: target.repoId,
    worktreePath: target.worktreePath,
    cwd: target.worktreePath,
    ...relayContent(relay),
    runId: null,
    agentId: file.agentId,
  };
}

/**
 * Opens a file listed as a regular file for reading, refusing whatever took its place since the
 * listing: a symbolic link (not followed: it could point anywhere) or a FIFO or device (opened
 * without blocking, so a FIFO cannot hold the reader thread forever).
 */
function openRegularFile(filePath: string): number {
  const fd = openSync(filePath, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  if (fstatSync(fd).isFile()) return fd;
  closeSync(fd);
  throw new Error("It is no longer a regular file (replaced since it was listed); Arbor skipped it.");
}
