import { asObject, readArray, readString, type JsonObject } from "./json-fields.ts";
import type { ClaudeStreamEvent, PermissionRequestFields } from "./stream-event.ts";

/** Parses the CLI's control-protocol lines (`control_request`, `control_cancel_request`, `control_response`). */
export function parseControlMessage(object: JsonObject): ClaudeStreamEvent {
  if (object.type === "control_cancel_request") {
    const requestId = readString(object, "request_id");
    return requestId ? { kind: "control_cancel", requestId } : unknown(object);
  }
  if (object.type === "control_response") {
    const response = asObject(object.response);
    const requestId = readString(response, "request_id");
    if (!requestId) return unknown(object);
    const isError = readString(response, "subtype") === "error";
    return { kind: "control_response", requestId, isError, error: isError ? readString(response, "error") : null };
  }
  const requestId = readString(object, "request_id");
  const request = asObject(object.request);
  const subtype = readString(request, "subtype");
  if (!requestId || !subtype) return unknown(object);
  return {
    kind: "control_request",
    requestId,
    subtype,
    permission: subtype === "can_use_tool" ? readPermission(request) : null,
    raw: object,
  };
}

function readPermission(request: JsonObject | null): PermissionRequestFields | null {
  const toolName = readString(request, "tool_name");
  const input = asObject(request?.input);
  if (!toolName || !input) return null;
  return {
    toolName,
    displayName: readString(request, "display_name"),
    input,
    description: readString(request, "description"),
    suggestions: readArray(request, "permission_suggestions"),
    decisionReason: readString(request, "decision_reason"),
    blockedPath: readString(request, "blocked_path"),
    toolUseId: readString(request, "tool_use_id"),
  };
}

function unknown(object: JsonObject): ClaudeStreamEvent {
  return { kind: "unknown", type: readString(object, "type"), raw: object };
}
