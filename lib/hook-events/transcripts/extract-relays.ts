import { asObject, readString, type JsonObject } from "@/lib/agent/stream/json-fields.ts";
import { detectBlockFromTranscriptEntry, type HookBlock } from "@/lib/hook-events/detect-hook-block.ts";
import { contentText, isHumanUserEntry, isInterruptEntry, promptText, toolResultText } from "./transcript-entry.ts";

export interface RelayToolCall {
  id: string;
  name: string;
  input: unknown;
  result?: { content: string; isError: boolean };
}

/** One human prompt and everything Claude did about it, up to the next human prompt. */
export interface Relay {
  sessionId: string | null;
  promptId: string | null;
  startUuid: string;
  startedAt: string | null;
  /** Timestamp of the last entry of the relay (entries without a uuid, e.g. queue-operation, are ignored). */
  endedAt: string | null;
  userText: string;
  /** Text blocks of the main agent, joined by a blank line; synthetic API-error texts excluded. */
  assistantText: string;
  toolCalls: RelayToolCall[];
  /** The last real model seen (never `<synthetic>`). */
  model: string | null;
  entryCount: number;
  /** The synthetic assistant message Claude Code stores when the API call failed for good. */
  apiError: { code: string | null; message: string } | null;
  hookBlocks: HookBlock[];
  isInterrupted: boolean;
}

/**
 * Splits parsed transcript entries into relays (see `isHumanUserEntry` for what starts one).
 * Entries before the first human prompt, sidechain (subagent) entries, non-objects and unknown
 * types are skipped; a `compact_boundary` closes the current relay (what follows it is the
 * summary, not part of the old turn). Entries sharing a `message.id` are merged: their text blocks
 * are appended once each and tool_use blocks are keyed by id, so a repeated entry is harmless.
 */
export function extractRelays(entries: readonly unknown[]): Relay[] {
  const relays: Relay[] = [];
  const stream = createRelayStream();
  for (const value of entries) {
    const finished = stream.push(value);
    if (finished) relays.push(finished);
  }
  const last = stream.finish();
  if (last) relays.push(last);
  return relays;
}

/**
 * `extractRelays` one entry at a time, for files read in chunks: `push` returns the relay a new
 * human prompt (or a compact boundary) just closed, `finish` the one still open. `isOpen` says a
 * relay is being built (its entries are held only as the relay, never as the raw entries).
 * `sidechain`: read a subagent's own transcript, whose entries all carry `isSidechain: true`
 * (then the main conversation's entries are the ones skipped).
 */
export function createRelayStream(options: { sidechain?: boolean } = {}) {
  const wantsSidechain = options.sidechain === true;
  let current: RelayBuilder | null = null;
  return {
    push(value: unknown): Relay | null {
      const entry = asObject(value);
      if (!entry || (entry.isSidechain === true) !== wantsSidechain) return null;
      if (entry.type === "user" && isHumanUserEntry(wantsSidechain ? { ...entry, isSidechain: false } : entry)) {
        const closed = current?.finish() ?? null;
        current = startRelay(entry);
        return closed;
      }
      if (entry.type === "system" && entry.subtype === "compact_boundary") {
        const closed = current?.finish() ?? null;
        current = null;
        return closed;
      }
      current?.add(entry);
      return null;
    },
    get isOpen(): boolean {
      return current !== null;
    },
    finish(): Relay | null {
      const closed = current?.finish() ?? null;
      current = null;
      return closed;
    },
  };
}

/**
 * A relay keeps the start of each tool result: the timeline shows only whether a call failed, and the
 * transcript keeps the whole output. Whole results made a relay a second copy of the transcript (a
 * gigabyte of history wrote a gigabyte of rows).
 */
export const RELAY_TOOL_RESULT_CHARS = 2000;

function capToolResult(text: string): string {
  if (text.length <= RELAY_TOOL_RESULT_CHARS) return text;
  // A copy, not a slice: V8's slice would keep the whole result alive as long as the relay.
  const start = JSON.parse(JSON.stringify(text.slice(0, RELAY_TOOL_RESULT_CHARS))) as string;
  return `${start}\n[… ${text.length - RELAY_TOOL_RESULT_CHARS} more characters in the transcript]`;
}

interface RelayBuilder {
  add(entry: JsonObject): void;
  finish(): Relay;
}

function startRelay(start: JsonObject): RelayBuilder {
  const relay: Relay = {
    sessionId: readString(start, "sessionId"),
    promptId: readString(start, "promptId"),
    startUuid: readString(start, "uuid") ?? "",
    startedAt: readString(start, "timestamp"),
    endedAt: readString(start, "timestamp"),
    userText: promptText(start),
    assistantText: "",
    toolCalls: [],
    model: null,
    entryCount: 1,
    apiError: null,
    hookBlocks: [],
    isInterrupted: false,
  };
  const seenUuids = new Set([relay.startUuid]);
  const textsByMessage = new Map<string, string[]>();
  const calls = new Map<string, RelayToolCall>();

  function addAssistant(entry: JsonObject, message: JsonObject): void {
    const model = readString(message, "model");
    if (model === "<synthetic>" || entry.isApiErrorMessage === true) {
      relay.apiError = { code: readString(entry, "error"), message: contentText(message.content) };
      return;
    }
    if (model) relay.model = model;
    const key = readString(message, "id") ?? readString(entry, "uuid") ?? String(textsByMessage.size);
    const texts = textsByMessage.get(key) ?? [];
    textsByMessage.set(key, texts);
    for (const block of Array.isArray(message.content) ? message.content : []) {
      const object = asObject(block);
      const text = readString(object, "text");
      if (object?.type === "text" && text && !texts.includes(text)) texts.push(text);
      const id = readString(object, "id");
      if (object?.type === "tool_use" && id && !calls.has(id))
        calls.set(id, { id, name: readString(object, "name") ?? "unknown", input: object.input });
    }
  }

  function addToolResults(message: JsonObject): void {
    for (const block of Array.isArray(message.content) ? message.content : []) {
      const object = asObject(block);
      const call = calls.get(readString(object, "tool_use_id") ?? "");
      if (object?.type === "tool_result" && call)
        call.result = { content: capToolResult(toolResultText(object.content)), isError: object.is_error === true };
    }
  }

  return {
    add(entry) {
      const uuid = readString(entry, "uuid");
      if (uuid === null || seenUuids.has(uuid)) return;
      seenUuids.add(uuid);
      relay.entryCount += 1;
      relay.endedAt = readString(entry, "timestamp") ?? relay.endedAt;
      const message = asObject(entry.message);
      if (entry.type === "assistant" && message) addAssistant(entry, message);
      if (entry.type === "user" && message) addToolResults(message);
      if (isInterruptEntry(entry)) relay.isInterrupted = true;
      const block = detectBlockFromTranscriptEntry(entry);
      if (block) relay.hookBlocks.push(block);
    },
    finish() {
      relay.assistantText = [...textsByMessage.values()].flat().join("\n\n");
      relay.toolCalls = [...calls.values()];
      return relay;
    },
  };
}

/** What a stored relay row holds of a relay (live ingest and history import write the same fields). */
export function relayContent(relay: Relay) {
  return {
    startedAt: toDate(relay.startedAt),
    endedAt: toDate(relay.endedAt),
    userText: relay.userText,
    assistantText: relay.assistantText,
    toolCalls: JSON.stringify(relay.toolCalls),
    model: relay.model,
    isInterrupted: relay.isInterrupted,
    apiError: relay.apiError?.message ?? null,
    hookBlocks: JSON.stringify(relay.hookBlocks),
  };
}

/** A transcript timestamp as a Date, or null when missing or not a date. */
function toDate(text: string | null): Date | null {
  if (text === null) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
