import type { RunEvent } from "@/lib/realtime/protocol.ts";
import type { ToolCallView } from "@/lib/realtime/chat-views.ts";

/** Accumulates tool_use / tool_result run events into the tool cards stored with a run. */
export function createToolCallCollector(): { add(event: RunEvent): void; list(): ToolCallView[] } {
  const calls = new Map<string, ToolCallView>();
  return {
    add(event) {
      if (event.kind === "tool_use") {
        calls.set(event.tool.id, { id: event.tool.id, name: event.tool.name, input: event.tool.input, result: null });
      } else if (event.kind === "tool_result") {
        const call = calls.get(event.toolUseId);
        if (call) call.result = { content: event.content.slice(0, 4000), isError: event.isError };
      }
    },
    list: () => [...calls.values()],
  };
}
