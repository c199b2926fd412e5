import type { HookEvent as HookEventRow, TranscriptRelay } from "@/lib/db/generated/client.ts";
import { extractUserMessage } from "@/lib/prompt/extract-user-message.ts";

export interface HookEventView {
  id: number;
  receivedAt: string;
  eventName: string;
  sessionId: string;
  toolName: string | null;
  toolUseId: string | null;
  cwd: string | null;
  repoId: string | null;
  worktreePath: string | null;
  runId: string | null;
  source: string;
  summary: string;
  isBlock: boolean;
  blockReason: string | null;
  payloadBytes: number;
  isTruncated: boolean;
  /** Included only when asked for (the payload can be large). */
  payload?: unknown;
}

export interface RelayView {
  id: number;
  sessionId: string;
  startUuid: string;
  worktreePath: string | null;
  startedAt: string | null;
  endedAt: string | null;
  userText: string;
  assistantText: string;
  toolCalls: Array<{ id: string; name: string; input: unknown; result?: { content: string; isError: boolean } }>;
  model: string | null;
  isInterrupted: boolean;
  apiError: string | null;
  hookBlocks: Array<{ hookEvent: string; reason: string }>;
  /** The Arbor run whose prompt started the relay, when known. */
  runId: string | null;
  /**
   * Started by Arbor's prompt (a chat run), not by a person in a terminal: a terminal session that
   * continued an Arbor run's Claude session is still the terminal's. `userText` is then the user's
   * message, not Arbor's whole prompt.
   */
  isArborRun: boolean;
}

/** A hook event row without its payload: what lists read (a payload can be large, and lists never show it). */
export type HookEventListRow = Omit<HookEventRow, "payload" | "payloadZ">;

/** Columns a list leaves out (Prisma's `omit`). */
export const WITHOUT_PAYLOAD = { payload: true, payloadZ: true } as const;

/**
 * An event as the API and the event hub send it; `payloadText` (the stored payload decoded, see
 * lib/hook-events/payload-codec.ts) adds the parsed payload, which only the single-event read includes.
 */
export function toHookEventView(row: HookEventListRow, options: { payloadText?: string } = {}): HookEventView {
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    eventName: row.eventName,
    sessionId: row.sessionId,
    toolName: row.toolName,
    toolUseId: row.toolUseId,
    cwd: row.cwd,
    repoId: row.repoId,
    worktreePath: row.worktreePath,
    runId: row.runId,
    source: row.source,
    summary: row.summary,
    isBlock: row.isBlock,
    blockReason: row.blockReason,
    payloadBytes: row.payloadBytes,
    isTruncated: row.isTruncated,
    ...(options.payloadText === undefined ? {} : { payload: safeParse(options.payloadText) }),
  };
}

export function toRelayView(row: TranscriptRelay): RelayView {
  const userMessage = extractUserMessage(row.userText);
  return {
    id: row.id,
    sessionId: row.sessionId,
    startUuid: row.startUuid,
    worktreePath: row.worktreePath,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    userText: userMessage ?? row.userText,
    assistantText: row.assistantText,
    toolCalls: safeParse(row.toolCalls) as RelayView["toolCalls"],
    model: row.model,
    isInterrupted: row.isInterrupted,
    apiError: row.apiError,
    hookBlocks: safeParse(row.hookBlocks) as RelayView["hookBlocks"],
    runId: row.runId,
    isArborRun: row.runId !== null || userMessage !== null,
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
