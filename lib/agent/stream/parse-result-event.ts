import { asObject, readArray, readNumber, readString, type JsonObject } from "./json-fields.ts";
import type { PermissionDenial, ResultEvent } from "./stream-event.ts";

/** Maps a `{"type":"result",…}` object to a ResultEvent (missing fields become null, 0 or []). */
export function parseResultEvent(object: JsonObject): ResultEvent {
  const usage = asObject(object.usage);
  return {
    kind: "result",
    subtype: readString(object, "subtype") ?? "",
    isError: object.is_error === true,
    apiErrorStatus: readNumber(object, "api_error_status"),
    text: readString(object, "result"),
    sessionId: readString(object, "session_id"),
    durationMs: readNumber(object, "duration_ms"),
    numTurns: readNumber(object, "num_turns"),
    costUsd: readNumber(object, "total_cost_usd"),
    usage: {
      inputTokens: readNumber(usage, "input_tokens") ?? 0,
      outputTokens: readNumber(usage, "output_tokens") ?? 0,
    },
    models: Object.keys(asObject(object.modelUsage) ?? {}),
    permissionDenials: readArray(object, "permission_denials").flatMap(toPermissionDenial),
    terminalReason: readString(object, "terminal_reason"),
    stopReason: readString(object, "stop_reason"),
    errors: readArray(object, "errors").map((error) => (typeof error === "string" ? error : JSON.stringify(error))),
  };
}

function toPermissionDenial(item: unknown): PermissionDenial[] {
  const denial = asObject(item);
  if (!denial) return [];
  return [
    {
      toolName: readString(denial, "tool_name") ?? "",
      toolUseId: readString(denial, "tool_use_id") ?? "",
      toolInput: denial.tool_input ?? null,
    },
  ];
}
