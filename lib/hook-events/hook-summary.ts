import { describeToolInput } from "@/lib/agent/describe-tool-input.ts";
import { readString } from "@/lib/agent/stream/json-fields.ts";
import { extractUserMessage } from "@/lib/prompt/extract-user-message.ts";
import type { HookEvent } from "./hook-events.ts";

const EXCERPT_CHARS = 80;

/**
 * One line for a compact timeline row, e.g. `Bash: npm test`, `prompt: fix the…`,
 * `Stop: All tests pass.`, `SessionStart (resume)`. Newlines are collapsed and long texts cut to
 * ~80 characters, so the result is safe to show as-is (it is still user/model text: escape it).
 */
export function summarizeHookEvent(event: HookEvent): string {
  const payload = event.payload;
  const text = (key: string) => readString(payload, key);
  const tool = () =>
    joinDetail(
      event.toolName ?? "tool",
      describeToolInput({ toolName: event.toolName, input: payload.tool_input, cwd: event.cwd }),
    );
  switch (event.eventName) {
    case "SessionStart":
    case "SessionEnd":
      return withDetail(event.eventName, text("source") ?? text("reason"));
    case "UserPromptSubmit": {
      // Arbor's own runs submit the whole assembled prompt: show the user's words, not its boilerplate.
      const prompt = text("prompt") ?? "";
      return `prompt: ${excerpt(extractUserMessage(prompt) ?? prompt)}`;
    }
    case "PreToolUse":
    case "PostToolUse":
      return tool();
    case "PermissionRequest":
      return `permission? ${tool()}`;
    case "PermissionDenied":
      return joinDetail(`denied ${tool()}`, text("reason"));
    case "PostToolUseFailure":
      return joinDetail(`failed ${tool()}`, text("error"));
    case "Stop":
    case "SubagentStop": {
      const name = event.eventName === "SubagentStop" ? `SubagentStop ${event.agentType || "agent"}` : "Stop";
      const again = event.stopHookActive ? " (after a Stop hook block)" : "";
      return joinDetail(`${name}${again}`, text("last_assistant_message"));
    }
    case "StopFailure":
      return joinDetail(withDetail("StopFailure", text("error")), text("last_assistant_message"));
    case "SubagentStart":
      return `SubagentStart ${event.agentType || "agent"}`;
    case "PreCompact":
      return withDetail("PreCompact", text("trigger"));
    case "PostCompact":
      return joinDetail(withDetail("PostCompact", text("trigger")), text("compact_summary"));
    case "Notification":
      return joinDetail("Notification", text("message") ?? text("title"));
    case "CwdChanged":
      return `cwd → ${text("new_cwd") ?? event.cwd ?? "?"}`;
    default:
      return event.eventName;
  }
}

function withDetail(name: string, detail: string | null): string {
  return detail ? `${name} (${detail})` : name;
}

function joinDetail(head: string, detail: string | null): string {
  const cut = excerpt(detail ?? "");
  return cut ? `${head}: ${cut}` : head;
}

/** Collapses whitespace and cuts to `EXCERPT_CHARS` code points with an ellipsis. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS - 1).join("")}…` : flat;
}
