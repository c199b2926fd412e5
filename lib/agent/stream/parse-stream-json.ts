import { asObject, readArray, readNumber, readString, type JsonObject } from "./json-fields.ts";
import { parseControlMessage } from "./parse-control-message.ts";
import { parseResultEvent } from "./parse-result-event.ts";
import type { AssistantBlock, ClaudeStreamEvent } from "./stream-event.ts";

/**
 * Parses one stdout line of `claude -p --output-format stream-json --verbose`. Pure and total:
 * a non-JSON line becomes `invalid`, an unrecognised `type` becomes `unknown`; it never throws.
 */
export function parseStreamJsonLine(line: string): ClaudeStreamEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { kind: "invalid", line }; // the caller counts these; the raw text is kept
  }
  const object = asObject(parsed);
  if (!object) return { kind: "unknown", type: null, raw: parsed };
  switch (object.type) {
    case "system":
      return parseSystem(object);
    case "stream_event":
      return parseStreamEvent(object);
    case "assistant":
      return parseAssistant(object);
    case "user":
      return parseUser(object);
    case "result":
      return parseResultEvent(object);
    case "control_request":
    case "control_cancel_request":
    case "control_response":
      return parseControlMessage(object);
    default:
      return { kind: "unknown", type: readString(object, "type"), raw: object };
  }
}

function parseSystem(object: JsonObject): ClaudeStreamEvent {
  const subtype = readString(object, "subtype") ?? "";
  if (subtype === "init") {
    return {
      kind: "init",
      sessionId: readString(object, "session_id") ?? "",
      model: readString(object, "model") ?? "",
      cwd: readString(object, "cwd") ?? "",
      tools: readArray(object, "tools").filter((tool): tool is string => typeof tool === "string"),
      permissionMode: readString(object, "permissionMode"),
      claudeCodeVersion: readString(object, "claude_code_version"),
    };
  }
  if (subtype === "api_retry") {
    return {
      kind: "api_retry",
      attempt: readNumber(object, "attempt") ?? 0,
      maxRetries: readNumber(object, "max_retries") ?? 0,
      delayMs: Math.round(readNumber(object, "retry_delay_ms") ?? 0),
      errorStatus: readNumber(object, "error_status"),
      error: readString(object, "error"),
    };
  }
  return { kind: "system_other", subtype, raw: object };
}

function parseStreamEvent(object: JsonObject): ClaudeStreamEvent {
  const event = asObject(object.event);
  const eventType = readString(event, "type") ?? "";
  const delta = asObject(event?.delta);
  const isMainAgent = object.parent_tool_use_id === null || object.parent_tool_use_id === undefined;
  const text = readString(delta, "text");
  if (
    eventType === "content_block_delta" &&
    readString(delta, "type") === "text_delta" &&
    isMainAgent &&
    text !== null
  ) {
    return { kind: "text_delta", text };
  }
  return { kind: "stream_other", eventType, raw: object };
}

function parseAssistant(object: JsonObject): ClaudeStreamEvent {
  const message = asObject(object.message);
  const model = readString(message, "model");
  const blocks = readArray(message, "content").flatMap((item): AssistantBlock[] => {
    const block = asObject(item);
    const type = readString(block, "type");
    if (type === "text") return [{ type: "text", text: readString(block, "text") ?? "" }];
    if (type === "tool_use")
      return [
        {
          type: "tool_use",
          id: readString(block, "id") ?? "",
          name: readString(block, "name") ?? "",
          input: block?.input ?? null,
        },
      ];
    return []; // thinking and other block types are not shown by Arbor
  });
  return {
    kind: "assistant_message",
    messageId: readString(message, "id") ?? "",
    parentToolUseId: readString(object, "parent_tool_use_id"),
    model,
    isSynthetic: model === "<synthetic>",
    error: readString(object, "error"),
    blocks,
  };
}

function parseUser(object: JsonObject): ClaudeStreamEvent {
  const message = asObject(object.message);
  const toolResult = readArray(message, "content")
    .map(asObject)
    .find((block) => readString(block, "type") === "tool_result");
  if (!toolResult) return { kind: "user_other", raw: object };
  return {
    kind: "tool_result",
    toolUseId: readString(toolResult, "tool_use_id") ?? "",
    content: flattenToolResultContent(toolResult.content),
    isError: toolResult.is_error === true,
    parentToolUseId: readString(object, "parent_tool_use_id"),
  };
}

function flattenToolResultContent(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((item) => {
      const block = asObject(item);
      const type = readString(block, "type") ?? "unknown";
      return type === "text" ? (readString(block, "text") ?? "") : `[${type}]`;
    })
    .join("\n");
}
