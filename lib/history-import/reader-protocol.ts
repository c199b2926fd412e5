import type { PlannedFile, ReadChunk } from "./read-file-chunks.ts";

/** What a reader thread is started with (its `workerData`). */
export interface ReaderThreadInput {
  plan: PlannedFile[];
  target: { repoId: string; worktreePath: string };
  chunkBytes: number;
  /** Send rows as SQLite parameters (the database is SQLite). */
  sqliteParams: boolean;
  /** Chunks a thread may have posted that the job has not taken: bounds the memory a fast reader holds. */
  maxAhead: number;
  /** This thread's slot in `taken`. */
  thread: number;
  /**
   * Two Int32 per thread: chunks of that thread the job took, and the count the sleeping thread
   * waits for (the job notifies the first slot once it reaches the second).
   */
  taken: SharedArrayBuffer;
  /** One Int32: the next plan index to claim. Threads claim files one at a time, biggest first. */
  nextFile: SharedArrayBuffer;
  /** The order files are claimed in (plan indexes). */
  claimOrder: number[];
  /** Tests only: the thread throws after posting this many chunks (null: never). */
  failAfterChunks: number | null;
}

/** Thread → job. Each file ends with its `isLast` chunk or a `file_failed`. */
export type ReaderMessage =
  | { type: "chunk"; fileIndex: number; chunk: ReadChunk }
  | { type: "file_failed"; fileIndex: number; message: string }
  | { type: "done" };
