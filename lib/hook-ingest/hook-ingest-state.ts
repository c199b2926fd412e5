import type { Db } from "@/lib/db/client.ts";
import { HookEventWriter } from "./hook-event-writer.ts";
import { loadOrCreateHookToken } from "./hook-files.ts";
import type { TranscriptReads } from "./ingest-transcript.ts";
import { linkRunToSession, type RunLinks } from "./run-link-cache.ts";
import { SearchIndex } from "./search-index.ts";

/** What receiving hook events keeps for the life of a runtime context (lib/context), around its database. */
export interface HookIngest {
  /** Group commit: the inserts of one turn of the event loop share one statement. */
  writer: HookEventWriter;
  /** When the hook search index (SQLite) catches up next. */
  searchIndex: SearchIndex;
  /** Claude session id → Arbor run id. */
  runLinks: RunLinks;
  /** Per transcript file, the read under way, so reads of one file never overlap. */
  transcriptReads: TranscriptReads;
  /** This install's hook token, read from the data directory (or made there) on first use. */
  hookToken(): string;
  /** A run took the Claude session `sessionId`: its hook events are the run's from now on (linkRunToSession). */
  linkRun(input: { sessionId: string; runId: string }): Promise<void>;
}

export function createHookIngest(input: { db: Db; dataDir: string }): HookIngest {
  const searchIndex = new SearchIndex(input.db);
  let token: string | null = null;
  const hookIngest: HookIngest = {
    writer: new HookEventWriter(input.db, searchIndex),
    searchIndex,
    runLinks: new Map(),
    transcriptReads: new Map(),
    hookToken: () => (token ??= loadOrCreateHookToken(input.dataDir)),
    linkRun: (link) => linkRunToSession({ db: input.db, hookIngest }, link),
  };
  return hookIngest;
}
