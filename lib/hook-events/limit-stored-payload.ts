export const DEFAULT_MAX_STORED_PAYLOAD_BYTES = 10 * 1024 * 1024;

const MIN_STRING_CAP = 256;
const IDENTIFYING_FIELDS = [
  "hook_event_name",
  "session_id",
  "transcript_path",
  "cwd",
  "prompt_id",
  "tool_name",
  "tool_use_id",
  "agent_id",
  "source",
  "reason",
  "error",
];

export interface LimitedPayload {
  /** The JSON text to store; at most `maxBytes` UTF-8 bytes unless even the stub is larger. */
  json: string;
  bytes: number;
  originalBytes: number;
  isTruncated: boolean;
}

/**
 * Serialises a hook payload for storage within `maxBytes` (the caller picks the limit; 10 MiB by
 * default). Payloads can be large: PostToolUse carries whole file contents and tool outputs, and a
 * 300 KiB prompt reaches UserPromptSubmit verbatim. Too-big payloads keep their shape with every
 * long string cut (the cap halves until it fits) and a `…[N chars cut by Arbor]` suffix; when even
 * that fails (a huge array of small values), only the identifying top-level fields are kept, with
 * `"arbor_truncated": true`.
 */
export function limitStoredPayload(params: { payload: Record<string, unknown>; maxBytes?: number }): LimitedPayload {
  const maxBytes = params.maxBytes ?? DEFAULT_MAX_STORED_PAYLOAD_BYTES;
  const json = JSON.stringify(params.payload);
  const originalBytes = Buffer.byteLength(json);
  if (originalBytes <= maxBytes) return { json, bytes: originalBytes, originalBytes, isTruncated: false };
  for (let cap = Math.floor(maxBytes / 4); cap >= MIN_STRING_CAP; cap = Math.floor(cap / 2)) {
    const cut = JSON.stringify(params.payload, (_key, value: unknown) =>
      typeof value === "string" && value.length > cap
        ? `${value.slice(0, cap)}…[${value.length - cap} chars cut by Arbor]`
        : value,
    );
    const bytes = Buffer.byteLength(cut);
    if (bytes <= maxBytes) return { json: cut, bytes, originalBytes, isTruncated: true };
  }
  const stub: Record<string, unknown> = { arbor_truncated: true, original_bytes: originalBytes };
  for (const field of IDENTIFYING_FIELDS) {
    const value = params.payload[field];
    if (typeof value === "string" && value.length <= MIN_STRING_CAP) stub[field] = value;
  }
  const stubJson = JSON.stringify(stub);
  return { json: stubJson, bytes: Buffer.byteLength(stubJson), originalBytes, isTruncated: true };
}
