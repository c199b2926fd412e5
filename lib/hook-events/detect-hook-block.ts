import { asObject, readString } from "@/lib/agent/stream/json-fields.ts";
import type { HookEvent } from "./hook-events.ts";

/**
 * A hook that stopped or redirected Claude. Per Claude Code 2.1.197 captures: a hook's payload never
 * shows other hooks' answers except `stop_hook_active: true` on the next Stop/SubagentStop; a hook's
 * own answer shows as stream-json `system/hook_response` (with `--include-hook-events`); Stop blocks
 * are a transcript `hook_blocking_error` attachment; a PreToolUse block leaves no PostToolUse(Failure).
 */
export interface HookBlock {
  hookEvent: string;
  source: "payload" | "transcript";
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
