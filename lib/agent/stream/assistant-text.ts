import type { ClaudeStreamEvent } from "./stream-event.ts";

/** Rebuilds the main agent's answer from stream events. */
export interface AssistantTextBuilder {
  add(event: ClaudeStreamEvent): void;
  text(): string;
}

/**
 * The CLI streams `text_delta`s and then repeats the finished block as an `assistant` event, so a
 * block's deltas are replaced by the block once it arrives; deltas with no block yet (a cancelled
 * or crashed run) are kept as the partial answer. Blocks are joined with a blank line. Synthetic
 * messages (API error texts) and subagent messages are not part of the answer.
 */
export function createAssistantTextBuilder(): AssistantTextBuilder {
  const blocks: string[] = [];
  let live = "";
  return {
    add(event) {
      if (event.kind === "text_delta") {
        live += event.text;
        return;
      }
      if (event.kind !== "assistant_message" || event.isSynthetic || event.parentToolUseId !== null) return;
      for (const block of event.blocks) {
        if (block.type !== "text") continue;
        blocks.push(block.text);
        live = "";
      }
    },
    text() {
      return [...blocks, live].filter((part) => part.length > 0).join("\n\n");
    },
  };
}
