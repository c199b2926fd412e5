import { asObject, readString } from "@/lib/agent/stream/json-fields.ts";
import { clipDetail, showValue, type RawFinding } from "./raw-finding.ts";

/** When Claude Code fires each hook event, in words. */
const EVENT_MOMENTS: Record<string, string> = {
  SessionStart: "whenever a Claude session starts",
  SessionEnd: "whenever a Claude session ends",
  UserPromptSubmit: "every time a prompt is sent",
  UserPromptExpansion: "every time a prompt is expanded",
  PreToolUse: "before Claude uses a tool",
  PostToolUse: "after Claude uses a tool",
  PostToolUseFailure: "after a tool call fails",
  PostToolBatch: "after a batch of tool calls",
  PermissionRequest: "when Claude asks for a permission",
  PermissionDenied: "when a permission is denied",
  Notification: "when Claude sends a notification",
  Stop: "when Claude stops (every finished answer)",
  StopFailure: "when an answer fails",
  SubagentStart: "when a subagent starts",
  SubagentStop: "when a subagent stops",
  PreCompact: "before the conversation is compacted",
  PostCompact: "after the conversation is compacted",
  Setup: "when Claude Code sets up the project",
  ConfigChange: "when a settings file changes",
  CwdChanged: "when Claude changes directory",
  FileChanged: "when a watched file changes",
  InstructionsLoaded: "when instructions are loaded",
  WorktreeCreate: "when Claude creates a worktree",
  WorktreeRemove: "when Claude removes a worktree",
};

/** One finding per handler of a settings file's `hooks` object; a malformed entry is shown as written. */
export function describeHooks(input: { source: string; hooks: Record<string, unknown> }): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const [event, groups] of Object.entries(input.hooks)) {
    if (!Array.isArray(groups)) {
      findings.push(unreadableHook({ source: input.source, event, value: groups }));
      continue;
    }
    for (const group of groups) {
      const matcher = readString(asObject(group), "matcher");
      const handlers = asObject(group)?.hooks;
      if (!Array.isArray(handlers)) {
        findings.push(unreadableHook({ source: input.source, event, value: group }));
        continue;
      }
      for (const handler of handlers) findings.push(describeHandler({ source: input.source, event, matcher, handler }));
    }
  }
  return findings;
}

function describeHandler(input: {
  source: string;
  event: string;
  matcher: string | null;
  handler: unknown;
}): RawFinding {
  const { event, matcher } = input;
  const handler = asObject(input.handler);
  const when = `${EVENT_MOMENTS[event] ?? `on the ${event} event`}${matcher && matcher !== "*" ? ` (matching "${matcher}")` : ""}`;
  const title = `${event} hook`;
  const base = { kind: "hook" as const, source: input.source, title };
  switch (readString(handler, "type")) {
    case "command":
      return {
        ...base,
        risk: `Runs this command on your machine ${when}, with your user's permissions.`,
        detail: clipDetail(readString(handler, "command") ?? showValue(handler)),
        isSevere: true,
      };
    case "http":
      return {
        ...base,
        risk: `Sends the event (your prompt, the tool's input and output) to this URL ${when}.`,
        detail: clipDetail(readString(handler, "url") ?? showValue(handler)),
        isSevere: true,
      };
    case "mcp_tool":
      return {
        ...base,
        risk: `Calls an MCP tool ${when}.`,
        detail: clipDetail(showValue(handler)),
        isSevere: true,
      };
    case "prompt":
    case "agent":
      return {
        ...base,
        risk: `Asks a model ${when}; its answer can block or steer Claude.`,
        detail: clipDetail(readString(handler, "prompt") ?? showValue(handler)),
        isSevere: false,
      };
    default:
      return unreadableHook({ source: input.source, event, value: input.handler });
  }
}

function unreadableHook(input: { source: string; event: string; value: unknown }): RawFinding {
  return {
    kind: "hook",
    source: input.source,
    title: `${input.event} hook`,
    risk: "A hook entry Arbor does not recognise; Claude Code may still run it.",
    detail: clipDetail(showValue(input.value)),
    isSevere: true,
  };
}
