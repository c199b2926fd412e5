import { deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * How a hook payload is stored: raw deflate with a preset dictionary of the keys and values every
 * payload repeats, since a few hundred bytes alone are too short for deflate to find them; a typical
 * payload shrinks to a third for ~10 µs. `payload_z` = version byte + stream, `payload` ''. A payload
 * that would not shrink stays text in `payload` (`payload_z` NULL, as in older rows); decoding is exact.
 * A version's dictionary must never change once used: a better one gets a new version byte.
 */
const DICTIONARY_V1 = Buffer.from(
  [
    // Rarer events and fields first: deflate codes nearer matches (the end) a little more cheaply.
    '"usage":{"input_tokens":',
    ',"cache_creation_input_tokens":',
    ',"cache_read_input_tokens":',
    ',"output_tokens":',
    '"hook_event_name":"PreCompact","trigger":"manual","custom_instructions":null}',
    '"hook_event_name":"SessionEnd","reason":"other"}',
    '"hook_event_name":"SessionStart","source":"startup"}',
    '"hook_event_name":"SubagentStart","agent_id":"',
    '","agent_type":"general-purpose","',
    '"hook_event_name":"SubagentStop","stop_hook_active":false,"agent_transcript_path":"',
    "/subagents/agent-",
    '"hook_event_name":"Notification","message":"Claude needs your permission to use ',
    '","notification_type":"permission_prompt"}',
    '"hook_event_name":"PermissionRequest","tool_name":"Bash","tool_input":{"command":"',
    '"permission_suggestions":[{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"',
    '"}],"behavior":"allow","destination":"localSettings"}]}',
    '"hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"',
    '","error":"Exit code 1\\n","is_interrupt":false,"duration_ms":',
    '"tool_name":"Glob","tool_input":{"pattern":"**/*.ts","path":"',
    '"tool_name":"Grep","tool_input":{"pattern":"","path":"","output_mode":"files_with_matches"},',
    '"tool_name":"Task","tool_input":{"description":"","prompt":"","subagent_type":"general-purpose"},',
    '"tool_name":"WebFetch","tool_input":{"url":"https://","prompt":"',
    '"tool_name":"TodoWrite","tool_input":{"todos":[{"content":"","status":"pending","activeForm":"',
    '"},{"content":"","status":"completed","activeForm":"',
    '"tool_name":"Write","tool_input":{"file_path":"","content":"',
    '"tool_response":{"type":"create","filePath":"","content":"","structuredPatch":[],"originalFile":null,"userModified":false},',
    '"tool_name":"MultiEdit","tool_input":{"file_path":"","edits":[{"old_string":"","new_string":"',
    '"tool_name":"Edit","tool_input":{"file_path":"","old_string":"","new_string":"","replace_all":false},',
    '"tool_response":{"filePath":"","oldString":"","newString":"","originalFile":"',
    '","structuredPatch":[{"oldStart":1,"oldLines":2,"newStart":1,"newLines":2,"lines":[" ","-","+"]}],"userModified":false,"replaceAll":false},',
    '"tool_response":{"type":"text","file":{"filePath":"","content":"","numLines":',
    ',"startLine":1,"totalLines":',
    '"tool_name":"Read","tool_input":{"file_path":"',
    '"hook_event_name":"UserPromptSubmit","prompt":"',
    '"hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"',
    '","background_tasks":[],"session_crons":[]}',
    '"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status","description":"Show working tree status"},"tool_use_id":"toolu_',
    '"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"',
    '","description":"',
    '"},"tool_response":{"stdout":"","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":false},"tool_use_id":"toolu_',
    '","duration_ms":',
    '{"session_id":"","transcript_path":"/Users/',
    '{"session_id":"","transcript_path":"/home/user/.claude/projects/-',
    '.jsonl","cwd":"/Users/","prompt_id":"","permission_mode":"acceptEdits","effort":{"level":"medium"},',
    '.jsonl","cwd":"/home/user/","prompt_id":"","permission_mode":"default","effort":{"level":"high"},',
  ].join(""),
  "utf8",
);

const VERSION_1 = 1;
/**
 * Up to 4 KiB of payload: a 4 KiB window (it holds the whole 3 KB dictionary) and a small hash
 * table, the same output as zlib's defaults for a fraction of the memory it allocates per call.
 * Larger payloads get the defaults (a 32 KiB window finds more repetition in a long tool output).
 * Inflate's default window reads both.
 */
const SMALL_PAYLOAD = { dictionary: DICTIONARY_V1, windowBits: 12, memLevel: 4 } as const;
const LARGE_PAYLOAD = { dictionary: DICTIONARY_V1 } as const;

export interface StoredPayload {
  /** The payload's JSON text, or '' when it is in `payloadZ`. */
  payload: string;
  /** The compressed payload (a version byte, then raw deflate), or null when `payload` holds it. */
  payloadZ: Uint8Array<ArrayBuffer> | null;
}

/** The stored form of a payload's JSON text: compressed when that makes it smaller. */
export function encodePayload(json: string): StoredPayload {
  const raw = Buffer.from(json, "utf8");
  // A few bytes cannot shrink, and the call is not free.
  if (raw.length < 32) return { payload: json, payloadZ: null };
  const deflated = deflateRawSync(raw, raw.length <= 4096 ? SMALL_PAYLOAD : LARGE_PAYLOAD);
  if (deflated.length + 1 >= raw.length) return { payload: json, payloadZ: null };
  const stored = new Uint8Array(deflated.length + 1);
  stored[0] = VERSION_1;
  stored.set(deflated, 1);
  return { payload: "", payloadZ: stored };
}

/** The payload's JSON text, exactly as it was encoded, from either stored form. */
export function decodePayload(row: { payload: string; payloadZ: Uint8Array | null }): string {
  const stored = row.payloadZ;
  if (stored === null || stored.length === 0) return row.payload;
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  if (bytes[0] === VERSION_1) return inflateRawSync(bytes.subarray(1), { dictionary: DICTIONARY_V1 }).toString("utf8");
  throw new Error(`A stored hook payload has an unknown format (version byte ${bytes[0]}).`);
}
