import type { IncomingHttpHeaders } from "node:http";

/** One content block of a Messages API request message (only the fields the mock reads are typed). */
export interface RequestContentBlock {
  type: string;
  text?: string;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
  [key: string]: unknown;
}

/** One entry of `messages[]`. The CLI also sends `role: "system"` entries (mid-conversation system beta). */
export interface RequestMessage {
  role: string;
  content: string | RequestContentBlock[];
}

/** The parsed JSON body of a `/v1/messages` or `/v1/messages/count_tokens` request. */
export interface MessagesRequestBody {
  model?: string;
  messages?: RequestMessage[];
  system?: string | RequestContentBlock[];
  stream?: boolean;
  max_tokens?: number;
  [key: string]: unknown;
}

/** Everything the mock saw of one HTTP request, in arrival order. */
export interface RecordedRequest {
  /** 1-based arrival number. */
  index: number;
  method: string;
  /** Path with query string, e.g. `/v1/messages?beta=true`. */
  path: string;
  /** Path without the query string. */
  pathname: string;
  /** Header names are lower-case (node:http). */
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or null when the body was empty or not JSON. */
  body: MessagesRequestBody | null;
  rawBody: string;
  /** True for `POST /v1/messages` with `"stream": true`. */
  isStreaming: boolean;
  receivedAt: Date;
}

/** A plain text answer, streamed in `chunkSize`-character deltas `deltaDelayMs` apart. */
export interface TextStep {
  type: "text";
  /** The full answer, or a list of deltas to send exactly as given. */
  text: string | string[];
  deltaDelayMs?: number;
  stopReason?: "end_turn" | "max_tokens";
}

/** A tool call. The follow-up request (carrying the tool_result) gets the script's next step. */
export interface ToolUseStep {
  type: "tool_use";
  name: string;
  input: Record<string, unknown>;
}

/**
 * Answers with the text `"<tool> returned: <tool_result content>"` (or `returned an error:`),
 * built from the last tool_result in the request, so a test can see what the model was told.
 */
export interface ToolResultEchoStep {
  type: "tool_result_echo";
}

/** An Anthropic-style error response. `times` makes it fail only that many times, then the next step runs. */
export interface ErrorStep {
  type: "error";
  status: number;
  errorType?: string;
  message?: string;
  /** false adds `x-should-retry: false`, which stops the CLI's retries. */
  shouldRetry?: boolean;
  times?: number;
}

/** Accepts the request and never answers (until the mock closes). */
export interface HangStep {
  type: "hang";
}

export type MockStep = TextStep | ToolUseStep | ToolResultEchoStep | ErrorStep | HangStep;

/** A scripted conversation turn: step N answers the request that has N assistant messages after the prompt. */
export interface MockScript {
  name: string;
  steps: MockStep[];
}

/**
 * A test's own model: sees every request first (with its last human prompt) and answers with a
 * script, or returns null to leave the request to the directives, the queue and the default.
 */
export type MockResponder = (input: { request: RecordedRequest; humanText: string | null }) => MockScript | null;

export interface MockAnthropicOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Delay between deltas of `[[mock:slow]]` (default 200 ms). */
  slowDeltaMs?: number;
  /** Delay between deltas of every other streamed answer (default 0). */
  deltaDelayMs?: number;
  /** Characters per text or JSON delta (default 12). */
  chunkSize?: number;
  /** Used when no directive and no queued script applies (default: "Hello from the mock model."). */
  defaultScript?: MockScript;
}

export interface MockAnthropic {
  /** Base URL for ANTHROPIC_BASE_URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  port: number;
  /** Every request received, in arrival order (live array). */
  requests: RecordedRequest[];
  setDefaultScript(script: MockScript): void;
  /** Answers before directives and scripts (null: back to the directives, the queue and the default). */
  setResponder(responder: MockResponder | null): void;
  /** Queues a script for the next new conversation turn that carries no directive. */
  enqueue(script: MockScript): void;
  /** Resolves with the first recorded (past or future) request that matches. Rejects on close or timeout. */
  waitForRequest(
    predicate: (request: RecordedRequest) => boolean,
    options?: { timeoutMs?: number },
  ): Promise<RecordedRequest>;
  /** Drops every open connection (including hanging ones) and stops the server. */
  close(): Promise<void>;
}
