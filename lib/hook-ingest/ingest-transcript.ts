import { isAppError } from "@/lib/errors/app-error.ts";
import { extractRelays, relayContent } from "@/lib/hook-events/transcripts/extract-relays.ts";
import { isHumanUserEntry } from "@/lib/hook-events/transcripts/transcript-entry.ts";
import { readTranscriptFrom } from "@/lib/hook-events/transcripts/transcript-reader.ts";
import { toRelayView } from "@/lib/hook-events/hook-event-view.ts";
import { extractUserMessage } from "@/lib/prompt/extract-user-message.ts";
import { publishRelay } from "./hook-topics.ts";
import { findRunIdForSession } from "./run-link-cache.ts";
import { runSerially, type SerialChains } from "@/lib/runtime/serial-by-key.ts";
import { resolveReadableTranscript } from "./transcript-location.ts";
import type { HookIngestParts } from "./ingest-hook-event.ts";

export interface TranscriptTarget {
  path: string;
  sessionId: string;
  repoId: string | null;
  worktreePath: string | null;
  cwd: string | null;
}

/** Per transcript file, the read under way (lib/hook-ingest/hook-ingest-state.ts). */
export type TranscriptReads = SerialChains;

/** Queues an incremental read of a transcript; reads of one file never overlap. */
export function scheduleTranscriptIngest(parts: HookIngestParts, target: TranscriptTarget): Promise<number> {
  return runSerially(parts.hookIngest.transcriptReads, target.path, () =>
    ingestTranscript(parts, target).catch((error: unknown) => {
      console.warn(`[arbor] transcript ${target.path}: ${(error as Error).message}`);
      return 0;
    }),
  );
}

/**
 * Reads a transcript from its stored byte offset (never the whole file again), extracts the
 * relays in what was read, and upserts them. The cursor is left at the start of the last
 * relay, which may still grow: the next read re-reads only that relay.
 */
export async function ingestTranscript(parts: HookIngestParts, target: TranscriptTarget): Promise<number> {
  const { db, hub } = parts;
  // Transcript paths come from hook payloads: only Claude Code's own session files are read.
  const readable = await resolveReadableTranscript(target.path);
  if (!readable) return 0;
  const cursor = await db.transcriptCursor.findUnique({ where: { path: target.path } });
  let offset = Number(cursor?.offset ?? 0);
  let read;
  try {
    read = await readTranscriptFrom({ path: readable, offset });
    if (read.isOffsetBeyondEnd) read = await readTranscriptFrom({ path: readable, offset: (offset = 0) });
  } catch (error) {
    if (isAppError(error) && (error.code === "not_found" || error.code === "forbidden")) return 0;
    throw error;
  }
  const relays = extractRelays(read.entries);
  for (const relay of relays) {
    const data = {
      repoId: target.repoId,
      worktreePath: target.worktreePath,
      cwd: target.cwd,
      ...relayContent(relay),
      runId: null as string | null,
    };
    const sessionId = relay.sessionId ?? target.sessionId;
    // Arbor's run only when the relay starts with Arbor's prompt: a terminal `--continue` of that
    // Claude session shares its id but starts with the user's own words.
    if (extractUserMessage(relay.userText) !== null) data.runId = await findRunIdForSession(parts, sessionId);
    const row = await db.transcriptRelay.upsert({
      where: { sessionId_startUuid: { sessionId, startUuid: relay.startUuid } },
      create: { sessionId, startUuid: relay.startUuid, ...data },
      update: data,
    });
    publishRelay(hub, toRelayView(row));
  }
  const lastHuman = findLastIndex(read.entries, isHumanUserEntry);
  const nextOffset = lastHuman === -1 ? (relays.length ? offset : read.nextOffset) : read.entryOffsets[lastHuman]!;
  await db.transcriptCursor.upsert({
    where: { path: target.path },
    create: { path: target.path, sessionId: target.sessionId, offset: BigInt(nextOffset) },
    update: { offset: BigInt(nextOffset) },
  });
  return relays.length;
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) if (predicate(items[index]!)) return index;
  return -1;
}
