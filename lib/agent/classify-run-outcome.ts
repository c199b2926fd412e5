import { describeRunError } from "./describe-run-error.ts";
import type { ResultEvent } from "@/lib/agent/stream/stream-event.ts";

export type RunStatus = "success" | "failed" | "cancelled" | "timed_out";

export type RunErrorKind =
  | "claude_not_found"
  | "not_logged_in"
  | "auth_failed"
  | "overloaded"
  | "server_error"
  | "rate_limited"
  | "invalid_request"
  | "crashed"
  | "error_result"
  | "timed_out"
  | "cancelled"
  | "spawn_failed";

/** What is known about a finished `claude -p` process. */
export interface RunFacts {
  /** The `result` event, or null when the process ended without one. */
  result: ResultEvent | null;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /**
   * Set when the process could not be started; `code` is the errno name (ENOENT, EACCES, E2BIG…),
   * or NOT_RESOLVED when no safe binary was found and nothing was started (`message` says why).
   */
  spawnError: { code: string | null; message: string } | null;
  /** The binary that was (or would have been) started, for messages. */
  bin: string;
  cwd?: string;
  wasCancelled: boolean;
  wasTimedOut: boolean;
  timeoutMs?: number;
  stderr: string;
  sawOutput: boolean;
}

export interface RunClassification {
  status: RunStatus;
  errorKind: RunErrorKind | null;
  /** Shown to the user: what happened and what to do next. */
  userMessage: string;
  /** True when sending the same message again later may work without changing anything. */
  isRetryable: boolean;
}

const RETRYABLE: ReadonlySet<RunErrorKind> = new Set([
  "overloaded",
  "server_error",
  "rate_limited",
  "crashed",
  "timed_out",
  "cancelled",
]);

/**
 * Decides how a run ended. Success comes only from a `result` event with `is_error: false`:
 * the exit code alone says nothing (API errors exit 1 with a result; SIGINT exits 0 with an error
 * result). A successful result wins over a late cancel or timeout; a process that ends with no
 * result at all crashed.
 */
export function classifyRunOutcome(facts: RunFacts): RunClassification {
  const kind = findErrorKind(facts);
  if (kind === null)
    return { status: "success", errorKind: null, userMessage: "Claude finished the turn.", isRetryable: false };
  const status = kind === "cancelled" ? "cancelled" : kind === "timed_out" ? "timed_out" : "failed";
  return { status, errorKind: kind, userMessage: describeRunError({ kind, facts }), isRetryable: RETRYABLE.has(kind) };
}

function findErrorKind(facts: RunFacts): RunErrorKind | null {
  if (facts.spawnError) return isMissingBinary(facts.spawnError.code) ? "claude_not_found" : "spawn_failed";
  if (facts.result && !facts.result.isError) return null;
  if (facts.wasTimedOut) return "timed_out";
  if (facts.wasCancelled) return "cancelled";
  if (!facts.result) return "crashed";
  return classifyErrorResult(facts.result);
}

function isMissingBinary(code: string | null): boolean {
  return code === "ENOENT" || code === "EACCES" || code === "ENOTDIR" || code === "NOT_RESOLVED";
}

function classifyErrorResult(result: ResultEvent): RunErrorKind {
  const status = result.apiErrorStatus;
  const text = result.text ?? "";
  if (status === null) {
    if (/not logged in|please run \/login/i.test(text)) return "not_logged_in";
    if (/unable to connect|connection (refused|error|reset)|ECONNREFUSED|ENOTFOUND|fetch failed/i.test(text))
      return "server_error";
    return "error_result";
  }
  if (status === 401 || status === 403) return "auth_failed";
  if (status === 429) return "rate_limited";
  if (status === 529) return "overloaded";
  if (status >= 500) return "server_error";
  if (status >= 400) return "invalid_request";
  return "error_result";
}
