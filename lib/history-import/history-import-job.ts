import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { getConfig } from "@/lib/config/current-config.ts";
import { providerOf, sqliteSideConnectionOf, type Db } from "@/lib/db/client.ts";
import { keepWalShort } from "@/lib/db/keep-wal-short.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { projectSlugForPath } from "@/lib/hook-events/project-slug.ts";
import { hooksTopic } from "@/lib/hook-ingest/hook-topics.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { describeError, listHistoryFiles, type HistoryFile } from "./history-files.ts";
import type { HookIngest } from "@/lib/hook-ingest/hook-ingest-state.ts";
import { findRunIdForSession } from "@/lib/hook-ingest/run-link-cache.ts";
import type { PlannedFile, ReadChunk } from "./read-file-chunks.ts";
import { defaultReaderEntry, startReaderPool, type ReaderPool } from "./reader-pool.ts";
import { writeRelayChunk } from "./write-relays.ts";
import { SQLITE_RUN_ID_PARAM } from "./relay-row-params.ts";
import {
  createThrottle,
  estimateEtaSeconds,
  type HistoryImportView,
} from "@/lib/hook-events/transcripts/history-import-progress.ts";
import { readLastImport, saveImport } from "./import-record.ts";

/** A file not modified for this long is finished: its cut last line is malformed, not pending. */
export const SETTLED_AFTER_MS = 60_000;
/** Progress messages per second at most, so a fast import does not flood the browsers. */
const PROGRESS_INTERVAL_MS = 250;
/** How often the progress is stored, for a page reloaded after a restart. */
const SAVE_INTERVAL_MS = 2_000;
/** WAL pages between checkpoints while an import writes (16,384 × 4 KB = 64 MB) when the server's connections checkpoint themselves. */
const WAL_PAGES_WHILE_IMPORTING = 16_384;

interface Job {
  view: HistoryImportView;
  isCancelled: boolean;
  done: Promise<void>;
  wakeUp: () => void;
}

/** The running imports, one per worktree, and the file their reader threads start from: one per runtime context. */
export interface HistoryImports {
  jobs: Map<string, Job>;
  readerEntry: string;
}

export function createHistoryImports(input: { readerEntry?: string } = {}): HistoryImports {
  return { jobs: new Map(), readerEntry: input.readerEntry ?? defaultReaderEntry() };
}

/** What an import touches: the database, the hub its progress goes to, the run links of hook ingest. */
type HistoryImportParts = { db: Db; hub: EventHub; hookIngest: HookIngest; historyImports: HistoryImports };

/**
 * The worktree's import now: the running one, else the last one stored (a restart shows
 * `interrupted`). Looked up by the exact path a started import resolved, so no scan is needed:
 * a path that was never a pinned worktree has no import.
 */
export async function getHistoryImport(
  { db, historyImports }: { db: Db; historyImports: HistoryImports },
  input: { repoId: string; worktreePath: string },
): Promise<HistoryImportView | null> {
  const view = historyImports.jobs.get(input.worktreePath)?.view ?? (await readLastImport(db, input.worktreePath));
  return view?.repoId === input.repoId ? view : null;
}

/**
 * Starts "Import history" for a worktree in the background, or returns the import already
 * running. Reads `<config dir>/projects/<slug>/` (slug = the worktree's real path with every
 * non-alphanumeric character replaced by `-`): each session file from its stored cursor to its
 * end, subagent files included; a file read to its end whose size and modification time have not
 * changed costs one stat. Progress goes to the repository's topic as `history_import` messages.
 */
export async function startHistoryImport(
  parts: HistoryImportParts,
  input: { repoId: string; worktreePath: string },
): Promise<HistoryImportView> {
  const { db } = parts;
  const { worktree } = await resolvePinnedWorktree(db, input);
  const { jobs } = parts.historyImports;
  const running = jobs.get(worktree.path);
  if (running) return running.view;
  const projects = path.join(getConfig().claudeConfigDir, "projects");
  const folder = path.join(projects, projectSlugForPath(await realpath(worktree.path)));
  await assertFolder(folder, projects);
  const view: HistoryImportView = {
    repoId: input.repoId,
    worktreePath: worktree.path,
    status: "running",
    folder,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    filesTotal: 0,
    filesDone: 0,
    filesUnchanged: 0,
    bytesTotal: 0,
    bytesDone: 0,
    relays: 0,
    malformedLines: 0,
    currentFile: null,
    etaSeconds: null,
    errors: [],
    message: null,
  };
  const job: Job = { view, isCancelled: false, done: Promise.resolve(), wakeUp: () => {} };
  jobs.set(worktree.path, job);
  await saveImport(db, view);
  job.done = runJob(parts, job).finally(() => {
    if (jobs.get(worktree.path) === job) jobs.delete(worktree.path);
  });
  return view;
}

/** Stops the worktree's running import after the chunk it is writing (what was written stays). */
export async function cancelHistoryImport(
  { db, historyImports }: { db: Db; historyImports: HistoryImports },
  input: { repoId: string; worktreePath: string },
): Promise<HistoryImportView | null> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const job = historyImports.jobs.get(worktree.path);
  if (!job) return readLastImport(db, worktree.path);
  job.isCancelled = true;
  job.wakeUp();
  await job.done;
  return job.view;
}

async function assertFolder(folder: string, projects: string): Promise<void> {
  try {
    if ((await stat(folder)).isDirectory()) return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  throw new AppError(
    "not_found",
    `No Claude Code history for this worktree: Arbor looked in ${folder}, which does not exist. ` +
      `Claude Code stores sessions under ${projects}/<the worktree's path with - for every other character>; ` +
      `if yours are elsewhere, start Arbor with CLAUDE_CONFIG_DIR set to Claude Code's config folder.`,
  );
}

async function runJob(parts: HistoryImportParts, job: Job): Promise<void> {
  const { db } = parts;
  const { view } = job;
  const publish = createPublisher(parts.hub, job);
  const startedAt = Date.now();
  try {
    const listing = await listHistoryFiles(view.folder);
    view.errors.push(...listing.errors);
    const plan = await planFiles(db, listing.files);
    view.filesTotal = listing.files.length;
    view.filesUnchanged = listing.files.length - plan.length;
    view.filesDone = view.filesUnchanged;
    view.bytesTotal = plan.reduce((sum, item) => sum + item.file.size - item.startOffset, 0);
    publish(false);
    await saveImport(db, view);
    const isSaveDue = createThrottle(SAVE_INTERVAL_MS);
    isSaveDue(Date.now());
    const config = getConfig();
    let chunks = 0;
    const failedFiles = new Set<number>();
    // Bulk writes: if this connection checkpoints (no checkpoint worker), every 64 MB instead of
    // every 4 MB (a sync each; a third of the write time).
    const side = providerOf(db) === "sqlite" && plan.length > 0 ? sqliteSideConnectionOf(db) : null;
    const restoreAutoCheckpoint = side?.raiseAutoCheckpoint(WAL_PAGES_WHILE_IMPORTING);
    const reader =
      plan.length > 0
        ? startReaderPool({
            entry: parts.historyImports.readerEntry,
            plan,
            target: { repoId: view.repoId, worktreePath: view.worktreePath },
            chunkBytes: config.historyImportChunkBytes,
            sqliteParams: providerOf(db) === "sqlite",
            failAfterChunks: config.historyImportFailAfterChunks,
          })
        : null;
    try {
      for (let next = await nextMessage(reader); next && !job.isCancelled; next = await nextMessage(reader)) {
        const { thread, message } = next;
        if (message.type === "done") continue;
        // The thread reads on while this chunk is written.
        if (message.type === "chunk") reader!.taken(thread);
        const { file } = plan[message.fileIndex]!;
        view.currentFile = path.relative(view.folder, file.path);
        if (message.type === "file_failed") {
          view.errors.push({ file: file.path, message: message.message });
          view.filesDone += 1;
          continue;
        }
        const { chunk } = message;
        if (!failedFiles.has(message.fileIndex)) {
          try {
            await writeChunk(parts, file, chunk);
            view.relays += chunk.sqliteParams?.length ?? chunk.rows.length;
            view.malformedLines += chunk.malformedLines;
          } catch (error) {
            // Its later chunks are dropped: the cursor stays where the last written chunk ended.
            failedFiles.add(message.fileIndex);
            view.errors.push({ file: file.path, message: describeError(error) });
          }
        }
        view.bytesDone += chunk.bytes;
        if (chunk.isLast) view.filesDone += 1;
        view.etaSeconds = estimateEtaSeconds({ ...view, elapsedMs: Date.now() - startedAt });
        publish(false);
        if (isSaveDue(Date.now())) await saveImport(db, view);
        chunks += 1;
        if (chunks === config.historyImportPauseAfterChunks) await pauseUntilCancelled(job);
        await keepWalShort(db);
        // Messages already queued resolve at once: yield to the event loop after each chunk, or a
        // gigabyte imports without serving one request.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await reader?.stop();
      restoreAutoCheckpoint?.();
    }
    view.status = job.isCancelled ? "cancelled" : "finished";
  } catch (error) {
    view.status = "failed";
    view.message = `The import stopped: ${(error as Error).message}`;
  }
  view.currentFile = null;
  view.etaSeconds = null;
  view.finishedAt = new Date().toISOString();
  await saveImport(db, view).catch((error: unknown) => {
    console.warn(`[arbor] history import of ${view.worktreePath}: ${(error as Error).message}`);
  });
  publish(true);
}

/** The reader's next message; a failed thread becomes a sentence for the import view. */
async function nextMessage(reader: ReaderPool | null) {
  try {
    return (await reader?.next()) ?? null;
  } catch (error) {
    throw new Error(
      `its reader thread failed (${(error as Error).message}). What was imported is kept: Import history again to continue where it stopped.`,
      { cause: error },
    );
  }
}

/** Writes a chunk's relays with the file's cursor in one transaction (runs looked up first). */
async function writeChunk(parts: HistoryImportParts, file: HistoryFile, chunk: ReadChunk): Promise<void> {
  const { db } = parts;
  const { sqliteParams } = chunk;
  for (const index of chunk.runLookups) {
    if (sqliteParams) {
      const params = sqliteParams[index]!;
      params[SQLITE_RUN_ID_PARAM] = await findRunIdForSession(parts, params[0] as string);
    } else chunk.rows[index]!.runId = await findRunIdForSession(parts, chunk.rows[index]!.sessionId);
  }
  await writeRelayChunk(db, sqliteParams ? { sqliteParams } : chunk.rows, {
    path: file.path,
    sessionId: file.sessionId,
    offset: chunk.offset,
    settled: chunk.settled,
  });
}

/** Each file with where to read from; files read to the end and unchanged since are left out. */
async function planFiles(db: Db, files: HistoryFile[]): Promise<PlannedFile[]> {
  const cursors = new Map<
    string,
    { offset: bigint; fileSize: bigint | null; mtimeMs: number | null; isComplete: boolean }
  >();
  for (let start = 0; start < files.length; start += 500) {
    const rows = await db.transcriptCursor.findMany({
      where: { path: { in: files.slice(start, start + 500).map((file) => file.path) } },
      select: { path: true, offset: true, fileSize: true, mtimeMs: true, isComplete: true },
    });
    for (const row of rows) cursors.set(row.path, row);
  }
  const plan = [];
  for (const file of files) {
    const cursor = cursors.get(file.path);
    if (cursor?.isComplete && Number(cursor.fileSize) === file.size && cursor.mtimeMs === file.mtimeMs) continue;
    const offset = Number(cursor?.offset ?? 0);
    plan.push({
      file,
      startOffset: offset <= file.size ? offset : 0,
      isSettled: Date.now() - file.mtimeMs >= SETTLED_AFTER_MS,
    });
  }
  return plan;
}

/**
 * Test hook (ARBOR_TEST_HISTORY_IMPORT_PAUSE_AFTER_CHUNKS): hold the import still so a test can kill
 * the server. A cancel that came while the last chunk was being written has already called the old
 * wakeUp, so the import does not wait for another.
 */
function pauseUntilCancelled(job: Job): Promise<void> {
  if (job.isCancelled) return Promise.resolve();
  return new Promise((resolve) => {
    job.wakeUp = resolve;
  });
}

function createPublisher(hub: EventHub, job: Job): (isFinal: boolean) => void {
  const isDue = createThrottle(PROGRESS_INTERVAL_MS);
  return (isFinal) => {
    if (!isFinal && !isDue(Date.now())) return;
    // The repository's topic (the worktree's row and chat) and the worktree's timeline (the Logs page).
    for (const topic of [repoTopic(job.view.repoId), hooksTopic(job.view.worktreePath)]) {
      hub.publish(topic, { type: "history_import", job: { ...job.view, errors: [...job.view.errors] } });
      if (isFinal) hub.publish(topic, { type: "invalidate", queryKey: queryKeys.relays() as readonly ["hook-relays"] });
    }
  };
}
