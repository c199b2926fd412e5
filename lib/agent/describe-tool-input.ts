import { asObject, readString, type JsonObject } from "@/lib/agent/stream/json-fields.ts";

/** Arguments that name what a tool call is about, most telling first. */
const SUBJECT_KEYS = ["command", "pattern", "url", "query", "description", "prompt", "subject"];

const MAX_JSON_CHARS = 200;

/**
 * The most telling argument of a tool call, for a one-line subject: the Bash command, the file
 * (relative to `cwd` when inside it), the search pattern (and where it searches, with
 * `withSearchPath`), the number of to-dos; else the first string argument, else the arguments
 * as JSON. Not cut to a length: the tool card truncates it on screen, a hook summary to ~80 chars.
 */
export function describeToolInput(params: {
  toolName: string | null;
  input: unknown;
  cwd?: string | null;
  withSearchPath?: boolean;
}): string {
  const input = asObject(params.input);
  if (!input) return "";
  const pick = (...keys: string[]) => keys.map((key) => readString(input, key)).find((value) => value !== null) ?? null;
  const cwd = params.cwd ?? null;
  if (params.toolName === "Grep" || params.toolName === "Glob") {
    const where = params.withSearchPath ? pick("path") : null;
    return [pick("pattern"), where === null ? null : relativeTo(where, cwd)].filter(Boolean).join(" in ");
  }
  if (params.toolName === "TodoWrite" && Array.isArray(input.todos)) return `${input.todos.length} to-dos`;
  const path = pick("file_path", "notebook_path", "path");
  if (path !== null) return relativeTo(path, cwd);
  return pick(...SUBJECT_KEYS) ?? firstString(input) ?? truncate(JSON.stringify(input), MAX_JSON_CHARS);
}

function firstString(input: JsonObject): string | null {
  return Object.values(input).find((value): value is string => typeof value === "string") ?? null;
}

function relativeTo(path: string, cwd: string | null): string {
  if (!cwd) return path;
  const base = cwd.endsWith("/") ? cwd : `${cwd}/`;
  return path.startsWith(base) ? path.slice(base.length) : path;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
