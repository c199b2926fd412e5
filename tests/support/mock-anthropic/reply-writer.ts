import type { ServerResponse } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { errorTypeForStatus } from "./directives.ts";
import type { ErrorStep } from "./types.ts";

/** What one assistant message of the mock contains, before it is streamed or sent as JSON. */
export interface PlannedMessage {
  id: string;
  requestId: string;
  model: string;
  inputTokens: number;
  block:
    { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };
  /** Text or JSON slices, sent as `text_delta` or `input_json_delta`. */
  deltas: string[];
  deltaDelayMs: number;
  stopReason: "end_turn" | "max_tokens" | "tool_use";
}

/** Splits text into slices of `size` code points (never inside a surrogate pair). */
export function sliceText(text: string, size: number): string[] {
  const codePoints = Array.from(text);
  const slices: string[] = [];
  for (let start = 0; start < codePoints.length; start += size)
    slices.push(codePoints.slice(start, start + size).join(""));
  return slices;
}

/**
 * Streams one message as the Messages API does (message_start … message_stop), then ends the
 * response. Stops quietly when `signal` aborts (client gone or mock closing).
 */
export async function streamMessage(params: {
  res: ServerResponse;
  message: PlannedMessage;
  signal: AbortSignal;
}): Promise<void> {
  const { res, message, signal } = params;
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    "request-id": message.requestId,
  });
  const isText = message.block.type === "text";
  const startBlock = isText ? { type: "text", text: "" } : { ...message.block, input: {} };
  send(res, "message_start", {
    type: "message_start",
    message: {
      id: message.id,
      type: "message",
      role: "assistant",
      model: message.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: usageOf(message, 1),
    },
  });
  send(res, "content_block_start", { type: "content_block_start", index: 0, content_block: startBlock });
  for (const slice of message.deltas) {
    if (message.deltaDelayMs > 0 && !(await waitUnlessAborted(message.deltaDelayMs, signal))) return;
    if (signal.aborted) return;
    const delta = isText ? { type: "text_delta", text: slice } : { type: "input_json_delta", partial_json: slice };
    send(res, "content_block_delta", { type: "content_block_delta", index: 0, delta });
  }
  send(res, "content_block_stop", { type: "content_block_stop", index: 0 });
  send(res, "message_delta", {
    type: "message_delta",
    delta: { stop_reason: message.stopReason, stop_sequence: null },
    usage: { output_tokens: outputTokensOf(message) },
  });
  send(res, "message_stop", { type: "message_stop" });
  res.end();
}

/** Sends one message as a non-streaming JSON response. */
export function sendJsonMessage(params: { res: ServerResponse; message: PlannedMessage }): void {
  const { res, message } = params;
  const body = {
    id: message.id,
    type: "message",
    role: "assistant",
    model: message.model,
    content: [message.block],
    stop_reason: message.stopReason,
    stop_sequence: null,
    usage: usageOf(message, outputTokensOf(message)),
  };
  sendJson({ res, status: 200, body, headers: { "request-id": message.requestId } });
}

/** Sends an Anthropic-style error body; `shouldRetry: false` adds `x-should-retry: false`. */
export function sendApiError(params: { res: ServerResponse; step: ErrorStep; requestId: string }): void {
  const { res, step, requestId } = params;
  const type = step.errorType ?? errorTypeForStatus(step.status);
  const headers: Record<string, string> = { "request-id": requestId };
  if (step.shouldRetry === false) headers["x-should-retry"] = "false";
  const body = {
    type: "error",
    error: { type, message: step.message ?? `Mock ${type} (HTTP ${step.status})` },
    request_id: requestId,
  };
  sendJson({ res, status: step.status, body, headers });
}

/** Writes a JSON response (no body for HEAD requests). */
export function sendJson(params: {
  res: ServerResponse;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}): void {
  const payload = JSON.stringify(params.body);
  params.res.writeHead(params.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(payload),
    ...params.headers,
  });
  params.res.end(params.res.req.method === "HEAD" ? undefined : payload);
}

function send(res: ServerResponse, event: string, data: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

async function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await delay(ms, undefined, { signal });
    return true;
  } catch (error) {
    if (signal.aborted) return false;
    throw error;
  }
}

function usageOf(message: PlannedMessage, outputTokens: number) {
  return {
    input_tokens: message.inputTokens,
    output_tokens: outputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}

function outputTokensOf(message: PlannedMessage): number {
  return Math.max(1, Math.ceil(message.deltas.join("").length / 4));
}
