/**
 * One line of `claude -p --output-format stream-json --verbose` stdout, parsed into the shapes
 * Arbor uses. Field names are camelCase; anything Arbor does not model is kept in `raw`.
 */
export type ClaudeStreamEvent =
  | InitEvent
  | TextDeltaEvent
  | AssistantMessageEvent
  | ToolResultEvent
  | ApiRetryEvent
  | ResultEvent
  | SystemOtherEvent
  | StreamOtherEvent
  | UserOtherEvent
  | ControlRequestEvent
  | ControlCancelEvent
  | ControlResponseEvent
  | UnknownEvent
  | InvalidEvent;

/** `system/init`. Not necessarily the first line: SessionStart hook events can come before it. */
export interface InitEvent {
  kind: "init";
  sessionId: string;
  model: string;
  cwd: string;
  tools: string[];
  permissionMode: string | null;
  claudeCodeVersion: string | null;
}

/** A `text_delta` of the main agent (`parent_tool_use_id: null`), from `--include-partial-messages`. */
export interface TextDeltaEvent {
  kind: "text_delta";
  text: string;
}

export type AssistantBlock =
  { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown };

/**
 * An `assistant` event. The CLI emits one event per content block, so several events can share a
 * `messageId`. API failures arrive as a synthetic message (`model: "<synthetic>"`, `error` set).
 */
export interface AssistantMessageEvent {
  kind: "assistant_message";
  messageId: string;
  parentToolUseId: string | null;
  model: string | null;
  isSynthetic: boolean;
  /** Top-level `error` of a synthetic message, e.g. `server_error`, `authentication_failed`. */
  error: string | null;
  blocks: AssistantBlock[];
}

/** The first `tool_result` block of a `user` event (the CLI emits one result per event). */
export interface ToolResultEvent {
  kind: "tool_result";
  toolUseId: string;
  content: string;
  isError: boolean;
  parentToolUseId: string | null;
}

/** `system/api_retry`: the CLI will call the API again after `delayMs`. */
export interface ApiRetryEvent {
  kind: "api_retry";
  attempt: number;
  maxRetries: number;
  delayMs: number;
  errorStatus: number | null;
  error: string | null;
}

export interface PermissionDenial {
  toolName: string;
  toolUseId: string;
  toolInput: unknown;
}

/**
 * The final `result` line. Decide success on `isError`: API failures report `subtype: "success"`
 * with `isError: true` and `apiErrorStatus` (null for "Not logged in" and connection errors).
 */
export interface ResultEvent {
  kind: "result";
  subtype: string;
  isError: boolean;
  apiErrorStatus: number | null;
  /** `result` field: the final answer, or the error text; absent on `error_*` subtypes. */
  text: string | null;
  sessionId: string | null;
  durationMs: number | null;
  numTurns: number | null;
  costUsd: number | null;
  usage: { inputTokens: number; outputTokens: number };
  /** Keys of `modelUsage` (empty when no model answered). */
  models: string[];
  permissionDenials: PermissionDenial[];
  terminalReason: string | null;
  stopReason: string | null;
  errors: string[];
}

/** Any other `system` subtype (hook_started, status, compact_boundary, notification…). */
export interface SystemOtherEvent {
  kind: "system_other";
  subtype: string;
  raw: Record<string, unknown>;
}

/** Any other `stream_event` (message_start, input_json_delta, subagent deltas…). */
export interface StreamOtherEvent {
  kind: "stream_other";
  eventType: string;
  raw: Record<string, unknown>;
}

/** A `user` event without a tool_result, e.g. "[Request interrupted by user]" or a subagent prompt. */
export interface UserOtherEvent {
  kind: "user_other";
  raw: Record<string, unknown>;
}

/**
 * `control_request` from the CLI (`--permission-prompt-tool stdio`): it waits for Arbor's
 * `control_response` with the same `requestId`. `can_use_tool` asks whether a tool may run;
 * other subtypes (hook callbacks, SDK MCP messages) are not used by Arbor and get an error answer.
 */
export interface ControlRequestEvent {
  kind: "control_request";
  requestId: string;
  subtype: string;
  /** Present for `can_use_tool`; null when the request is malformed (answered with a deny). */
  permission: PermissionRequestFields | null;
  raw: Record<string, unknown>;
}

/**
 * What the CLI sends with `can_use_tool` (Claude Code 2.1.197 and 2.1.332). 2.1.332 sends
 * ExitPlanMode's `input` empty; the conversation channel fills it in (tool-use-inputs.ts).
 */
export interface PermissionRequestFields {
  toolName: string;
  displayName: string | null;
  input: Record<string, unknown>;
  description: string | null;
  /** The CLI's own "allow always" proposals (`addRules`, `setMode`, `addDirectories`), kept as sent. */
  suggestions: unknown[];
  decisionReason: string | null;
  blockedPath: string | null;
  toolUseId: string | null;
}

/** `control_cancel_request`: the CLI withdrew a request (an interrupt, or it no longer needs the answer). */
export interface ControlCancelEvent {
  kind: "control_cancel";
  requestId: string;
}

/** `control_response`: the CLI's answer to a request Arbor sent (interrupt, set_permission_mode). */
export interface ControlResponseEvent {
  kind: "control_response";
  requestId: string;
  isError: boolean;
  error: string | null;
}

/** Valid JSON with a `type` Arbor does not know. */
export interface UnknownEvent {
  kind: "unknown";
  type: string | null;
  raw: unknown;
}

/** A line that is not JSON at all. */
export interface InvalidEvent {
  kind: "invalid";
  line: string;
}
