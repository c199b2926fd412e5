import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { detectBlockFromHookEvent } from "@/lib/hook-events/detect-hook-block.ts";
import { parseHookPayload, type HookEvent } from "@/lib/hook-events/hook-events.ts";
import { summarizeHookEvent } from "@/lib/hook-events/hook-summary.ts";
import { limitStoredPayload } from "@/lib/hook-events/limit-stored-payload.ts";
import { toHookEventView, type HookEventView } from "@/lib/hook-events/hook-event-view.ts";
import { publishHookEvent } from "./hook-topics.ts";
import { scheduleTranscriptIngest } from "./ingest-transcript.ts";
import { findWorktreeForCwd, type WorktreeIndex } from "@/lib/pins/worktree-index.ts";
import type { HookIngest } from "./hook-ingest-state.ts";
import type { SettingsCache } from "@/lib/settings/settings-store.ts";
import { getLocalInstance } from "@/lib/team/local-instance.ts";
import { findRunIdForSession } from "./run-link-cache.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";

/** Events after which the transcript has new content worth reading. */
const TRANSCRIPT_EVENTS = new Set([
  "UserPromptSubmit",
  "PostToolUse",
  "Stop",
  "StopFailure",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
]);

export interface IngestResult {
  isDuplicate: boolean;
  event: HookEventView | null;
  parsed: HookEvent | null;
  /** The stored row's id (null for a duplicate): policies refer to it. */
  storedId: number | null;
}

/**
 * What receiving a hook event touches: the database, the hub that tells the browsers, hook ingest's
 * state, the settings (cached: the payload limit, what notifies) and the index that places a cwd.
 */
export interface HookIngestParts {
  db: Db;
  hub: EventHub;
  hookIngest: HookIngest;
  settingsCache: SettingsCache;
  worktreeIndex: WorktreeIndex;
}

/** Stores one delivery; hook-ingest never reacts to it (lib/hook-policies does, see receive-hook-event.ts). */
export type IngestHookEvent = (
  parts: HookIngestParts,
  input: { body: unknown; eventId?: string | null; source: "http" | "spool"; maxPayloadBytes: number },
) => Promise<{ isDuplicate: boolean }>;

/**
 * Stores one hook delivery with its full payload (size-limited), the worktree its cwd belongs
 * to (unpinned directories are kept with no worktree), and the Arbor run with the same Claude
 * session id. A delivery id seen before is acknowledged and not stored again.
 */
export async function ingestHookEvent(
  parts: HookIngestParts,
  input: { body: unknown; eventId?: string | null; source: "http" | "spool"; maxPayloadBytes: number },
): Promise<IngestResult> {
  const { db, hub } = parts;
  const parsed = parseHookPayload(input.body);
  if (!parsed.ok) throw new AppError("invalid_input", parsed.reason);
  const event = parsed.event;
  const eventId = input.eventId?.trim() || randomUUID();
  if (!/^[\w.-]{1,128}$/.test(eventId))
    throw new AppError("invalid_input", "X-Arbor-Event-Id must be 1–128 letters, digits, '.', '_' or '-'.");

  const worktree = event.cwd ? await findWorktreeForCwd(parts, event.cwd) : null;
  const runId = await findRunIdForSession(parts, event.sessionId);
  const stored = limitStoredPayload({ payload: event.payload, maxBytes: input.maxPayloadBytes });
  const block = detectBlockFromHookEvent(event);
  const row = await parts.hookIngest.writer.write({
    eventId,
    eventName: event.eventName,
    sessionId: event.sessionId,
    toolName: event.toolName,
    toolUseId: event.toolUseId,
    cwd: event.cwd,
    repoId: worktree?.repoId ?? null,
    worktreePath: worktree?.listedPath ?? null,
    runId,
    source: input.source,
    instanceId: (await getLocalInstance(db)).id,
    summary: summarizeHookEvent(event),
    isBlock: block !== null,
    blockReason: block ? (block.reason ?? "A Stop hook blocked the previous stop; Claude is answering again.") : null,
    payload: stored.json,
    payloadBytes: stored.originalBytes,
    isTruncated: stored.isTruncated,
  });
  if (!row) return { isDuplicate: true, event: null, parsed: event, storedId: null };
  const view = toHookEventView(row);
  publishHookEvent(hub, view);
  if (event.transcriptPath && TRANSCRIPT_EVENTS.has(event.eventName)) {
    void scheduleTranscriptIngest(parts, {
      path: event.transcriptPath,
      sessionId: event.sessionId,
      repoId: view.repoId,
      worktreePath: view.worktreePath,
      cwd: event.cwd,
    });
  }
  return { isDuplicate: false, event: view, parsed: event, storedId: row.id };
}
