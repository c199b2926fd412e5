/**
 * The lines Arbor writes to `claude -p --input-format stream-json --permission-prompt-tool stdio`
 * (the Agent SDK's protocol, unchanged from Claude Code 2.1.197 to 2.1.332; see
 * tests/fixtures/claude-code-2.1.332, j03, j05 and j06).
 * Pure: each function returns one newline-terminated JSON line.
 */

/** Arbor's answer to a `can_use_tool` request. */
export type PermissionAnswer =
  | {
      behavior: "allow";
      /** The tool input to run with: the original, or edited (AskUserQuestion answers, an edited plan). */
      updatedInput: Record<string, unknown>;
      /** Rules or a mode for the rest of this run, in the CLI's own format (its suggestions, destination "session"). */
      updatedPermissions?: unknown[];
    }
  | { behavior: "deny"; message: string; interrupt?: boolean };

/** The user's message: the whole assembled prompt as one text block. */
export function userMessageLine(prompt: string): string {
  return line({
    type: "user",
    message: { role: "user", content: [{ type: "text", text: prompt }] },
    parent_tool_use_id: null,
    session_id: "",
  });
}

export function permissionResponseLine(input: { requestId: string; answer: PermissionAnswer }): string {
  return line({
    type: "control_response",
    response: { subtype: "success", request_id: input.requestId, response: input.answer },
  });
}

/** Refuses a control request Arbor does not serve (hook callbacks, SDK MCP servers, malformed requests). */
export function controlErrorLine(input: { requestId: string; error: string }): string {
  return line({
    type: "control_response",
    response: { subtype: "error", request_id: input.requestId, error: input.error },
  });
}

/** Asks the CLI to stop the turn cleanly (pending permission requests are withdrawn). */
export function interruptRequestLine(requestId: string): string {
  return line({ type: "control_request", request_id: requestId, request: { subtype: "interrupt" } });
}

/** Switches the permission mode for the rest of the run (e.g. after a plan is approved). */
export function setPermissionModeLine(input: { requestId: string; mode: string }): string {
  return line({
    type: "control_request",
    request_id: input.requestId,
    request: { subtype: "set_permission_mode", mode: input.mode },
  });
}

function line(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
