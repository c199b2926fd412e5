import {
  controlErrorLine,
  interruptRequestLine,
  permissionResponseLine,
  type PermissionAnswer,
} from "./control-messages.ts";
import type {
  ClaudeStreamEvent,
  ControlRequestEvent,
  PermissionRequestFields,
} from "@/lib/agent/stream/stream-event.ts";
import { createToolUseInputs } from "./tool-use-inputs.ts";

/** A `can_use_tool` request, as Arbor hands it to whoever answers it. */
export interface PermissionRequest extends PermissionRequestFields {
  /** The CLI's request id: the answer must carry it. */
  requestId: string;
  /** When Arbor read the request from the CLI (ms since epoch, sub-millisecond). */
  askedAt: number;
}

/** How a run asks the user before a tool runs (the Agent SDK's `canUseTool`, over stdio). */
export interface ClaudeConversation {
  /** Asked for every `can_use_tool`; resolves with the user's answer (or a deny on timeout). */
  onPermissionRequest(request: PermissionRequest): Promise<PermissionAnswer>;
  /** A request ended without an answer from Arbor: the CLI withdrew it (interrupt) or the run ended. */
  onPermissionClosed?(requestId: string, reason: "withdrawn" | "run_ended"): void;
}

/**
 * The control side of one stream-json run: answers the CLI's requests through `conversation`,
 * remembers which are still waiting, and writes Arbor's own requests (interrupt). `write` sends a
 * line to the CLI's stdin.
 */
export function createConversationChannel(input: {
  conversation: ClaudeConversation;
  write: (line: string) => void;
  diagnostics: string[];
}) {
  const waiting = new Set<string>();
  const toolUseInputs = createToolUseInputs();
  let interruptCount = 0;

  function answer(requestId: string, answer: PermissionAnswer): void {
    if (!waiting.delete(requestId)) return; // withdrawn meanwhile, or the run ended: nobody is listening
    input.write(permissionResponseLine({ requestId, answer }));
  }

  return {
    /** Sees every stdout event first: tool_use blocks fill in a request's missing input. */
    noteEvent(event: ClaudeStreamEvent): void {
      toolUseInputs.add(event);
    },
    /** Routes one control_request line from the CLI. */
    handleRequest(event: ControlRequestEvent): void {
      if (event.subtype !== "can_use_tool") {
        input.write(
          controlErrorLine({ requestId: event.requestId, error: `Arbor does not serve ${event.subtype} requests.` }),
        );
        return;
      }
      if (!event.permission) {
        input.diagnostics.push(`malformed can_use_tool request ${event.requestId}: denied`);
        input.write(
          permissionResponseLine({
            requestId: event.requestId,
            answer: {
              behavior: "deny",
              message: "Arbor could not read this permission request (no tool name or input).",
            },
          }),
        );
        return;
      }
      waiting.add(event.requestId);
      const askedAt = performance.timeOrigin + performance.now();
      const permission = toolUseInputs.complete(event.permission);
      input.conversation.onPermissionRequest({ requestId: event.requestId, askedAt, ...permission }).then(
        (result) => answer(event.requestId, result),
        (error: unknown) =>
          answer(event.requestId, {
            behavior: "deny",
            message: `Arbor could not ask the user: ${error instanceof Error ? error.message : String(error)}`,
          }),
      );
    },
    /** The CLI withdrew a request. */
    handleCancel(requestId: string): void {
      if (waiting.delete(requestId)) input.conversation.onPermissionClosed?.(requestId, "withdrawn");
    },
    /** Asks the CLI to end the turn cleanly; returns false when nothing is running any more. */
    interrupt(): void {
      interruptCount += 1;
      input.write(interruptRequestLine(`arbor-interrupt-${interruptCount}`));
    },
    /** The run is over: every request still waiting is closed. */
    close(): void {
      for (const requestId of [...waiting]) {
        waiting.delete(requestId);
        input.conversation.onPermissionClosed?.(requestId, "run_ended");
      }
    },
    waitingCount: () => waiting.size,
  };
}
