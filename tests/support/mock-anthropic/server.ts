import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createScriptBook } from "./script-book.ts";
import { findLastToolResult, findToolName } from "./request-inspect.ts";
import {
  sendApiError,
  sendJson,
  sendJsonMessage,
  sliceText,
  streamMessage,
  type PlannedMessage,
} from "./reply-writer.ts";
import type { MessagesRequestBody, MockAnthropic, MockAnthropicOptions, MockStep, RecordedRequest } from "./types.ts";

const MODEL = "claude-opus-4-8";

interface Waiter {
  predicate: (request: RecordedRequest) => boolean;
  resolve: (request: RecordedRequest) => void;
  reject: (error: Error) => void;
}

/**
 * Starts a loopback mock of the Anthropic Messages API for the real `claude` CLI
 * (point ANTHROPIC_BASE_URL at `url`). Replies are scripted; see README.md for the directives.
 */
export async function startMockAnthropic(options: MockAnthropicOptions = {}): Promise<MockAnthropic> {
  const requests: RecordedRequest[] = [];
  const waiters = new Set<Waiter>();
  const closing = new AbortController();
  const book = createScriptBook({ defaultScript: options.defaultScript, slowDeltaMs: options.slowDeltaMs ?? 200 });
  const chunkSize = options.chunkSize ?? 12;
  let messageCount = 0;

  function record(req: IncomingMessage, rawBody: string): RecordedRequest {
    const body = parseBody(rawBody);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const request: RecordedRequest = {
      index: requests.length + 1,
      method: req.method ?? "GET",
      path: `${url.pathname}${url.search}`,
      pathname: url.pathname,
      headers: req.headers,
      body,
      rawBody,
      isStreaming: url.pathname === "/v1/messages" && body?.stream === true,
      receivedAt: new Date(),
    };
    requests.push(request);
    for (const waiter of waiters) {
      if (!waiter.predicate(request)) continue;
      waiters.delete(waiter);
      waiter.resolve(request);
    }
    return request;
  }

  function planMessage(
    request: RecordedRequest,
    step: MockStep & { type: "text" | "tool_use" | "tool_result_echo" },
  ): PlannedMessage {
    messageCount += 1;
    const serial = String(messageCount).padStart(6, "0");
    const base = {
      id: `msg_mock_${serial}`,
      requestId: `req_mock_${serial}`,
      model: request.body?.model ?? MODEL,
      inputTokens: Math.ceil(request.rawBody.length / 4),
    };
    const deltaDelayMs = options.deltaDelayMs ?? 0;
    if (step.type === "tool_use") {
      const block = { type: "tool_use" as const, id: `toolu_mock_${serial}_0`, name: step.name, input: step.input };
      return {
        ...base,
        block,
        deltas: sliceText(JSON.stringify(step.input), chunkSize),
        deltaDelayMs,
        stopReason: "tool_use",
      };
    }
    const text = step.type === "text" ? step.text : describeToolResult(request.body);
    const deltas = Array.isArray(text) ? text : sliceText(text, chunkSize);
    const stopReason = step.type === "text" ? (step.stopReason ?? "end_turn") : "end_turn";
    const delay = step.type === "text" ? (step.deltaDelayMs ?? deltaDelayMs) : deltaDelayMs;
    return { ...base, block: { type: "text", text: deltas.join("") }, deltas, deltaDelayMs: delay, stopReason };
  }

  async function answerMessages(request: RecordedRequest, res: ServerResponse): Promise<void> {
    if (!request.body || !Array.isArray(request.body.messages)) {
      sendApiError({
        res,
        step: { type: "error", status: 400, message: "messages: Field required" },
        requestId: "req_mock_invalid",
      });
      return;
    }
    const step = book.resolveStep(request);
    if (step.type === "hang") return;
    if (step.type === "error") {
      sendApiError({ res, step, requestId: `req_mock_error_${request.index}` });
      return;
    }
    const message = planMessage(request, step);
    if (!request.isStreaming) {
      sendJsonMessage({ res, message });
      return;
    }
    const responseGone = new AbortController();
    res.on("close", () => responseGone.abort());
    await streamMessage({ res, message, signal: AbortSignal.any([responseGone.signal, closing.signal]) });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = record(req, await readBody(req));
    if (request.method === "POST" && request.pathname === "/v1/messages") return answerMessages(request, res);
    if (request.method === "POST" && request.pathname === "/v1/messages/count_tokens") {
      sendJson({ res, status: 200, body: { input_tokens: Math.ceil(request.rawBody.length / 4) } });
      return;
    }
    sendJson({
      res,
      status: 404,
      body: {
        type: "error",
        error: { type: "not_found_error", message: `Not found: ${request.method} ${request.path}` },
      },
    });
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error("[mock-anthropic] request failed", error);
      if (res.headersSent) res.destroy(error instanceof Error ? error : new Error(String(error)));
      else
        sendJson({ res, status: 500, body: { type: "error", error: { type: "api_error", message: "mock failure" } } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setDefaultScript: (script) => book.setDefault(script),
    setResponder: (responder) => book.setResponder(responder),
    enqueue: (script) => book.enqueue(script),
    waitForRequest(predicate, waitOptions) {
      const seen = requests.find(predicate);
      if (seen) return Promise.resolve(seen);
      if (closing.signal.aborted) return Promise.reject(new Error("mock-anthropic is closed"));
      return new Promise((resolve, reject) => {
        const timer =
          waitOptions?.timeoutMs === undefined
            ? null
            : setTimeout(() => {
                waiters.delete(waiter);
                reject(
                  new Error(`no matching request within ${waitOptions.timeoutMs} ms (${requests.length} recorded)`),
                );
              }, waitOptions.timeoutMs);
        const settle =
          <T>(fn: (value: T) => void) =>
          (value: T) => {
            if (timer) clearTimeout(timer);
            fn(value);
          };
        const waiter: Waiter = { predicate, resolve: settle(resolve), reject: settle(reject) };
        waiters.add(waiter);
      });
    },
    async close() {
      closing.abort();
      for (const waiter of waiters) waiter.reject(new Error("mock-anthropic closed before a matching request arrived"));
      waiters.clear();
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      server.closeAllConnections();
      await closed;
    },
  };
}

function describeToolResult(body: MessagesRequestBody | null): string {
  const result = findLastToolResult(body);
  if (!result) return "There was no tool result to report.";
  const tool = findToolName(body, result.toolUseId) ?? "The tool";
  return `${tool} ${result.isError ? "returned an error" : "returned"}: ${result.content}`;
}

function parseBody(rawBody: string): MessagesRequestBody | null {
  if (rawBody.length === 0) return null;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as MessagesRequestBody)
      : null;
  } catch {
    return null; // not JSON: recorded as rawBody only, answered with 400 by the messages route
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
