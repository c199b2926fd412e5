import { asObject, readString, type JsonObject } from "@/lib/agent/stream/json-fields.ts";

/**
 * The events Arbor installs its observer hook for. The brief's fourteen plus PermissionDenied
 * (auto-mode classifier denials) and CwdChanged (a `cd` in Bash changes the `cwd` of every later
 * hook, which decides the worktree match). Deliberately NOT installed:
 * - WorktreeCreate: its hook's stdout IS the worktree path, so an observer would break `-w`.
 * - MessageDisplay, PostToolBatch, InstructionsLoaded: duplicates of Stop / PostToolUse / noise.
 */
export const ARBOR_HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PermissionRequest",
  "PermissionDenied",
  "PostToolUse",
  "PostToolUseFailure",
  "Notification",
  "Stop",
  "StopFailure",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "CwdChanged",
  "SessionEnd",
] as const;

export type ArborHookEventName = (typeof ARBOR_HOOK_EVENTS)[number];

/** Events whose hooks can stop or redirect Claude (exit 2, `decision:"block"`, `permissionDecision:"deny"`). */
const BLOCKING_EVENTS = new Set([
  "UserPromptSubmit",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "ConfigChange",
]);

/** The fields every timeline row needs; `payload` is the whole object as Claude Code sent it. */
export interface HookEvent {
  /** `hook_event_name`, kept as sent even when Arbor does not know it. */
  eventName: string;
  isKnownEvent: boolean;
  /** Whether hooks on this event can block; says nothing about whether one did. */
  canBlock: boolean;
  sessionId: string;
  transcriptPath: string | null;
  cwd: string | null;
  toolName: string | null;
  toolUseId: string | null;
  promptId: string | null;
  permissionMode: string | null;
  agentId: string | null;
  agentType: string | null;
  /** Stop / SubagentStop: true when an earlier Stop hook blocked and Claude is answering again. */
  stopHookActive: boolean | null;
  payload: JsonObject;
}

export type ParseHookPayloadResult = { ok: true; event: HookEvent } | { ok: false; reason: string };

/**
 * Validates the JSON body of a hook call (command stdin or http POST body). Only
 * `hook_event_name` and `session_id` are required; every other field is optional because the set
 * differs per event (SessionStart has no `prompt_id`, StopFailure no `permission_mode`). Never throws.
 */
export function parseHookPayload(value: unknown): ParseHookPayloadResult {
  const payload = asObject(value);
  if (!payload) return { ok: false, reason: `A hook payload must be a JSON object, got ${describeType(value)}.` };
  const eventName = readString(payload, "hook_event_name");
  if (!eventName) return { ok: false, reason: 'The hook payload has no "hook_event_name" string.' };
  const sessionId = readString(payload, "session_id");
  if (!sessionId) return { ok: false, reason: `The ${eventName} hook payload has no "session_id" string.` };
  const stopHookActive = payload.stop_hook_active;
  return {
    ok: true,
    event: {
      eventName,
      isKnownEvent: KNOWN_EVENTS.has(eventName),
      canBlock: isBlockingHookEvent(eventName),
      sessionId,
      transcriptPath: readString(payload, "transcript_path"),
      cwd: readString(payload, "cwd"),
      toolName: readString(payload, "tool_name"),
      toolUseId: readString(payload, "tool_use_id"),
      promptId: readString(payload, "prompt_id"),
      permissionMode: readString(payload, "permission_mode"),
      agentId: readString(payload, "agent_id"),
      agentType: readString(payload, "agent_type"),
      stopHookActive: typeof stopHookActive === "boolean" ? stopHookActive : null,
      payload,
    },
  };
}

/** Whether hooks on `eventName` can block (exit 2 or a JSON decision); unknown names cannot. */
export function isBlockingHookEvent(eventName: string): boolean {
  return BLOCKING_EVENTS.has(eventName);
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/**
 * Every event name found in the 2.1.197 and 2.1.332 binaries (2.1.332 added PreModelSwitch,
 * PostModelSwitch, DirectoryAdded and PreSkillShellCommand; none fired in the `-p` captures).
 */
const KNOWN_EVENTS = new Set<string>([
  ...ARBOR_HOOK_EVENTS,
  "PostToolBatch",
  "UserPromptExpansion",
  "Setup",
  "TeammateIdle",
  "TaskCreated",
  "TaskCompleted",
  "Elicitation",
  "ElicitationResult",
  "ConfigChange",
  "WorktreeCreate",
  "WorktreeRemove",
  "InstructionsLoaded",
  "FileChanged",
  "MessageDisplay",
  "DirectoryAdded",
  "PreModelSwitch",
  "PostModelSwitch",
  "PreSkillShellCommand",
]);
