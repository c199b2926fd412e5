import type { MessagesRequestBody, RecordedRequest, RequestContentBlock, RequestMessage } from "./types.ts";

const SYSTEM_REMINDER_PREFIX = "<system-reminder>";

/** The last user message typed by a person (not a tool_result carrier), with its index in `messages[]`. */
export interface HumanTurn {
  index: number;
  text: string;
}

/**
 * Finds the latest human user message. The CLI sends the prompt as the last text block of that
 * message, after a `<system-reminder>` block (CLAUDE.md, date); tool results travel in user
 * messages of their own, which are skipped here.
 */
export function findHumanTurn(body: MessagesRequestBody | null): HumanTurn | null {
  const messages = body?.messages ?? [];
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role !== "user") continue;
    const text = promptTextOf(message);
    if (text !== null) return { index, text };
  }
  return null;
}

/** The final human prompt text of a recorded request (what the model was asked), or null. */
export function lastUserText(request: RecordedRequest): string | null {
  return findHumanTurn(request.body)?.text ?? null;
}

/** Number of assistant messages after `messages[afterIndex]`: the step within a scripted turn. */
export function countAssistantMessagesAfter(body: MessagesRequestBody | null, afterIndex: number): number {
  const messages = body?.messages ?? [];
  return messages.slice(afterIndex + 1).filter((message) => message.role === "assistant").length;
}

/** The last tool_result block of the request, flattened to text. */
export function findLastToolResult(
  body: MessagesRequestBody | null,
): { toolUseId: string; content: string; isError: boolean } | null {
  const messages = body?.messages ?? [];
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const blocks = blocksOf(messages[index]);
    const result = [...blocks].reverse().find((block) => block.type === "tool_result");
    if (result) {
      return {
        toolUseId: String(result.tool_use_id ?? ""),
        content: flattenContent(result.content),
        isError: result.is_error === true,
      };
    }
  }
  return null;
}

/** The tool name of the tool_use block with this id, searched in the assistant messages. */
export function findToolName(body: MessagesRequestBody | null, toolUseId: string): string | null {
  for (const message of body?.messages ?? []) {
    const block = blocksOf(message).find((candidate) => candidate.type === "tool_use" && candidate.id === toolUseId);
    if (block && typeof block.name === "string") return block.name;
  }
  return null;
}

/** The `Primary working directory:` the CLI writes into its system prompt, or null. */
export function findWorkingDirectory(body: MessagesRequestBody | null): string | null {
  const system = body?.system;
  const texts = typeof system === "string" ? [system] : (system ?? []).map((block) => block.text ?? "");
  for (const text of texts) {
    const match = /Primary working directory: (.+)/.exec(text);
    if (match?.[1]) return match[1].trim();
  }
  return null;
}

function promptTextOf(message: RequestMessage): string | null {
  if (typeof message.content === "string") return message.content;
  if (message.content.some((block) => block.type === "tool_result")) return null;
  const texts = message.content
    .filter((block) => block.type === "text" && typeof block.text === "string")
    .map((block) => block.text ?? "");
  if (texts.length === 0) return null;
  const prompts = texts.filter((text) => !text.startsWith(SYSTEM_REMINDER_PREFIX));
  return prompts.at(-1) ?? texts.at(-1) ?? null;
}

function blocksOf(message: RequestMessage | undefined): RequestContentBlock[] {
  if (!message || typeof message.content === "string") return [];
  return message.content;
}

function flattenContent(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: unknown) => {
      const typed = block as RequestContentBlock;
      return typed.type === "text" && typeof typed.text === "string" ? typed.text : `[${typed.type}]`;
    })
    .join("\n");
}
