import { asObject, readNumber, readString } from "@/lib/agent/json-fields.ts";
import { isBlockingHookEvent, type HookEvent } from "./hook-events.ts";

/**
 * A hook that stopped or redirected Claude. What the 2.1.197 captures show about where a block is
 * visible:
 * - The payload a hook RECEIVES never says what other hooks answered. The only trace is
 *   `stop_hook_active: true` on the next Stop / SubagentStop (an earlier Stop hook blocked).
 * - A hook's own answer (exit code, stdout, stderr) is visible to the hook runner and, with
 *   `--include-hook-events`, as a stream-json `system/hook_response` event.
 * - The transcript records Stop blocks as an `attachment` of type `hook_blocking_error`
 *   (plus an `isMeta` user entry "Stop hook feedback:\n<reason>").
 * - A PreToolUse block leaves no PostToolUse / PostToolUseFailure for that `tool_use_id`.
 */
export interface HookBlock {
  hookEvent: string;
  source: "payload" | "hook_response" | "transcript";
  /** The text Claude was given (stderr for exit 2, `reason` for a JSON decision), when known. */
  reason: string | null;
  /** The hook command that blocked, when the source names it. */
  command: string | null;
}

/** From an incoming hook payload: a Stop / SubagentStop that runs again after a blocking Stop hook. */
export function detectBlockFromHookEvent(event: HookEvent): HookBlock | null {
  if (event.stopHookActive !== true) return null;
  return {
    hookEvent: event.eventName === "SubagentStop" ? "SubagentStop" : "Stop",
    source: "payload",
    reason: null,
    command: null,
  };
}

/**
 * From a hook's answer: exit code 2 on an event that can block, or JSON stdout with
 * `decision:"block"`, `continue:false`, PreToolUse `permissionDecision:"deny"` or
 * PermissionRequest `decision.behavior:"deny"`. Exit 1 and other codes never block.
 */
export function detectHookBlock(params: {
  hookEvent: string;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  source?: HookBlock["source"];
}): HookBlock | null {
  const block = (reason: string | null): HookBlock => ({
    hookEvent: params.hookEvent,
    source: params.source ?? "hook_response",
    reason,
    command: null,
  });
  if (!isBlockingHookEvent(params.hookEvent)) return null;
  if (params.exitCode === 2) return block(params.stderr.trim() || null);
  if (params.exitCode !== 0) return null;
  const output = parseJsonObject(params.stdout);
  if (!output) return null;
  if (output.decision === "block") return block(readString(output, "reason"));
  if (output.continue === false) return block(readString(output, "stopReason"));
  const specific = asObject(output.hookSpecificOutput);
  if (specific?.permissionDecision === "deny") return block(readString(specific, "permissionDecisionReason"));
  const decision = asObject(specific?.decision);
  if (decision?.behavior === "deny") return block(readString(decision, "message"));
  return null;
}

/** From a stream-json line of `--include-hook-events`: `{"type":"system","subtype":"hook_response",…}`. */
export function detectBlockFromHookResponse(value: unknown): HookBlock | null {
  const event = asObject(value);
  if (event?.type !== "system" || event.subtype !== "hook_response") return null;
  const hookEvent = readString(event, "hook_event");
  if (!hookEvent) return null;
  return detectHookBlock({
    hookEvent,
    exitCode: readNumber(event, "exit_code"),
    stdout: readString(event, "stdout") ?? "",
    stderr: readString(event, "stderr") ?? "",
  });
}

/** From a transcript entry: `{"type":"attachment","attachment":{"type":"hook_blocking_error",…}}`. */
export function detectBlockFromTranscriptEntry(entry: unknown): HookBlock | null {
  const attachment = asObject(asObject(entry)?.attachment);
  if (attachment?.type !== "hook_blocking_error") return null;
  const details = asObject(attachment.blockingError);
  return {
    hookEvent: readString(attachment, "hookEvent") ?? readString(attachment, "hookName") ?? "unknown",
    source: "transcript",
    reason: readString(details, "blockingError"),
    command: readString(details, "command"),
  };
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return null;
  try {
    return asObject(JSON.parse(trimmed));
  } catch {
    return null;
  }
}
