import { asObject, readString, type JsonObject } from "@/lib/agent/stream/json-fields.ts";

/** Prefixes of user entries that Claude Code writes itself and that are not a human turn. */
const NON_HUMAN_PREFIXES = ["<local-command-stdout>", "<local-command-stderr>", "[Request interrupted by user"];

/**
 * Whether a transcript entry is a turn the human typed: `type:"user"` that is not a tool result
 * (no `toolUseResult`, no `tool_result` block), not `isMeta` (Stop-hook feedback, command
 * caveats), not `isCompactSummary`, not `isSidechain` (subagent), and not CLI output that is
 * stored as a user entry (`<local-command-stdout>`, "[Request interrupted by user]").
 */
export function isHumanUserEntry(entry: unknown): boolean {
  const object = asObject(entry);
  if (object?.type !== "user") return false;
  if (object.isMeta === true || object.isCompactSummary === true || object.isSidechain === true) return false;
  if (object.toolUseResult !== undefined) return false;
  const content = asObject(object.message)?.content;
  if (Array.isArray(content) && content.some((block) => asObject(block)?.type === "tool_result")) return false;
  const text = contentText(content).trimStart();
  return !NON_HUMAN_PREFIXES.some((prefix) => text.startsWith(prefix));
}

/** Whether a non-human user entry records an interruption ("[Request interrupted by user…]"). */
export function isInterruptEntry(entry: JsonObject): boolean {
  return (
    entry.type === "user" &&
    contentText(asObject(entry.message)?.content).trimStart().startsWith("[Request interrupted by user")
  );
}

/**
 * The text of a message `content`: a string as-is, or the `text` blocks joined by a blank line
 * (`[image]` / `[document]` for non-text blocks, tool blocks skipped).
 */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  const parts: string[] = [];
  for (const block of Array.isArray(content) ? content : []) {
    const object = asObject(block);
    if (object?.type === "text") parts.push(readString(object, "text") ?? "");
    else if (object?.type === "image" || object?.type === "document") parts.push(`[${object.type}]`);
  }
  return parts.join("\n\n");
}

/** A tool_result's content as text (a string, or its text blocks joined by newlines). */
export function toolResultText(content: unknown): string {
  if (typeof content === "string") return content;
  return (Array.isArray(content) ? content : [])
    .map((block) => {
      const object = asObject(block);
      return object?.type === "text"
        ? (readString(object, "text") ?? "")
        : `[${readString(object, "type") ?? "block"}]`;
    })
    .join("\n");
}

/** The human text of a prompt; a slash command stored as `<command-name>` tags reads `/name args`. */
export function promptText(entry: JsonObject): string {
  const text = contentText(asObject(entry.message)?.content);
  const name = /<command-name>([\s\S]*?)<\/command-name>/.exec(text)?.[1]?.trim();
  if (!name) return text;
  const args = /<command-args>([\s\S]*?)<\/command-args>/.exec(text)?.[1]?.trim();
  return args ? `${name} ${args}` : name;
}
