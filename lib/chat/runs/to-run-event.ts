import type { ClaudeStreamEvent } from "@/lib/agent/stream/stream-event.ts";
import type { RunEvent } from "@/lib/realtime/protocol.ts";

/**
 * Maps one parsed stream-json line to the run events the browser needs (none for lines it
 * does not show). Subagent traffic (`parentToolUseId` set) stays out of the main answer.
 */
export function toRunEvents(event: ClaudeStreamEvent): RunEvent[] {
  switch (event.kind) {
    case "init":
      return [{ kind: "init", model: event.model || null }];
    case "text_delta":
      return [{ kind: "text_delta", text: event.text }];
    case "assistant_message": {
      if (event.parentToolUseId !== null || event.isSynthetic) return [];
      return event.blocks.map((block): RunEvent =>
        block.type === "text"
          ? { kind: "text_block", text: block.text }
          : { kind: "tool_use", tool: { id: block.id, name: block.name, input: block.input } },
      );
    }
    case "tool_result":
      if (event.parentToolUseId !== null) return [];
      return [
        {
          kind: "tool_result",
          toolUseId: event.toolUseId,
          content: truncate(event.content, 20_000),
          isError: event.isError,
        },
      ];
    case "api_retry":
      return [
        {
          kind: "api_retry",
          attempt: event.attempt,
          maxRetries: event.maxRetries,
          errorStatus: event.errorStatus,
          error: event.error,
          delayMs: event.delayMs,
        },
      ];
    case "invalid":
      return [];
    default:
      return [];
  }
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters)`;
}
