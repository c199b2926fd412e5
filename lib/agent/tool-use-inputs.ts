import type { ClaudeStreamEvent, PermissionRequestFields } from "@/lib/agent/stream/stream-event.ts";

/**
 * The inputs of the tool calls a run has streamed, by tool_use id. Claude Code 2.1.332 sends
 * ExitPlanMode's `can_use_tool` with `input: {}`: the plan is only in the assistant's tool_use
 * block, and an approval whose `updatedInput` has no plan is read as "exit plan mode" without one.
 */
/** How many of the latest tool calls' inputs are kept (parallel calls, subagents' calls in between). */
const KEPT_INPUTS = 64;

export function createToolUseInputs() {
  const inputs = new Map<string, Record<string, unknown>>();
  return {
    /** Remembers every tool_use block of an assistant event (main agent and subagents). */
    add(event: ClaudeStreamEvent): void {
      if (event.kind !== "assistant_message") return;
      for (const block of event.blocks) {
        if (block.type !== "tool_use" || !isRecord(block.input)) continue;
        inputs.set(block.id, block.input);
        // A permission request follows its tool call closely: the oldest inputs (a Write's whole file)
        // need not live as long as the run.
        if (inputs.size > KEPT_INPUTS) inputs.delete(inputs.keys().next().value!);
      }
    },
    /** The request with the streamed input when the CLI sent an empty one; otherwise unchanged. */
    complete(permission: PermissionRequestFields): PermissionRequestFields {
      if (Object.keys(permission.input).length > 0 || permission.toolUseId === null) return permission;
      const streamed = inputs.get(permission.toolUseId);
      inputs.delete(permission.toolUseId);
      return streamed ? { ...permission, input: streamed } : permission;
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
