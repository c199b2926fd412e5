import path from "node:path";
import type { MockScript } from "./types.ts";

const DIRECTIVE_PATTERN = /\[\[mock:([a-z]+)(?:[ \t]+([\s\S]*?))?\]\]/g;

/** The reply used when nothing else applies. */
export const DEFAULT_SCRIPT: MockScript = {
  name: "default",
  steps: [{ type: "text", text: "Hello from the mock model." }],
};

const SLOW_DELTAS = ["Slow ", "stream ", "chunk ", "number ", "one, ", "two, ", "three, ", "four, ", "five, ", "done."];

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

/** Anthropic error type for an HTTP status (`api_error` for unknown 5xx). */
export function errorTypeForStatus(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
}

/**
 * Turns the last `[[mock:…]]` marker in a prompt into a script, or returns null when there is none.
 * `workingDirectory` (from the CLI's system prompt) makes relative `write` paths absolute, as the
 * Write tool requires.
 */
export function parseDirective(params: {
  text: string;
  workingDirectory: string | null;
  slowDeltaMs: number;
}): MockScript | null {
  const matches = [...params.text.matchAll(DIRECTIVE_PATTERN)];
  const last = matches.at(-1);
  if (!last) return null;
  const name = last[1] ?? "";
  const argument = (last[2] ?? "").trim();
  return buildScript({
    name,
    argument,
    fullText: params.text,
    workingDirectory: params.workingDirectory,
    slowDeltaMs: params.slowDeltaMs,
  });
}

function buildScript(params: {
  name: string;
  argument: string;
  fullText: string;
  workingDirectory: string | null;
  slowDeltaMs: number;
}): MockScript | null {
  const { name, argument } = params;
  switch (name) {
    case "text":
      return { name, steps: [{ type: "text", text: argument }] };
    case "echo":
      return { name, steps: [{ type: "text", text: params.fullText }] };
    case "slow":
      return {
        name,
        steps: [{ type: "text", text: SLOW_DELTAS, deltaDelayMs: parseNumber(argument, params.slowDeltaMs) }],
      };
    case "long":
      return { name, steps: [{ type: "text", text: buildLongText(parseNumber(argument, 1500)) }] };
    case "hang":
      return { name, steps: [{ type: "hang" }] };
    case "error":
      return buildErrorScript(argument);
    case "bash":
      return toolScript({ name, tool: "Bash", input: { command: argument, description: "Run a command" } });
    case "write":
      return buildWriteScript({ argument, workingDirectory: params.workingDirectory });
    case "edit":
      return buildEditScript({ argument, workingDirectory: params.workingDirectory });
    case "ask":
      return buildAskScript(argument);
    case "plan":
      return toolScript({ name, tool: "ExitPlanMode", input: { plan: argument.replace(/\\n/g, "\n") } });
    case "tool":
      return buildToolScript({ argument, workingDirectory: params.workingDirectory });
    default:
      return null;
  }
}

function buildErrorScript(argument: string): MockScript {
  const words = argument.split(/\s+/);
  const status = parseNumber(words[0] ?? "", 500);
  const isOnce = words.includes("once");
  const step = {
    type: "error" as const,
    status,
    errorType: errorTypeForStatus(status),
    ...(words.includes("noretry") ? { shouldRetry: false } : {}),
    ...(isOnce ? { times: 1 } : {}),
  };
  const recovery = { type: "text" as const, text: `Recovered after a ${status}.` };
  return { name: "error", steps: isOnce ? [step, recovery] : [step] };
}

function buildWriteScript(params: { argument: string; workingDirectory: string | null }): MockScript {
  const [target = "notes.txt", ...rest] = params.argument.split(" ");
  const filePath =
    path.isAbsolute(target) || !params.workingDirectory ? target : path.join(params.workingDirectory, target);
  return toolScript({ name: "write", tool: "Write", input: { file_path: filePath, content: rest.join(" ") } });
}

/** `[[mock:edit notes.txt old text => new text]]`: Read the file, then Edit it. */
function buildEditScript(params: { argument: string; workingDirectory: string | null }): MockScript {
  const [target = "notes.txt", ...rest] = params.argument.split(" ");
  const filePath = absolute(target, params.workingDirectory);
  const [oldString = "", newString = ""] = rest.join(" ").split(" => ");
  return {
    name: "edit",
    steps: [
      { type: "tool_use", name: "Read", input: { file_path: filePath } },
      { type: "tool_use", name: "Edit", input: { file_path: filePath, old_string: oldString, new_string: newString } },
      { type: "tool_result_echo" },
    ],
  };
}

/** `[[mock:ask Which database?|SQLite|PostgreSQL]]`: one AskUserQuestion with those options. */
function buildAskScript(argument: string): MockScript {
  const [question = "Which one?", ...labels] = argument.split("|").map((part) => part.trim());
  return toolScript({
    name: "ask",
    tool: "AskUserQuestion",
    input: {
      questions: [
        {
          question,
          header: question.slice(0, 12),
          options: labels.map((label) => ({ label, description: `Choose ${label}` })),
          multiSelect: false,
        },
      ],
    },
  });
}

/** `[[mock:tool Name {"json": "input"}]]`; `{{cwd}}` in the JSON is the working directory. */
function buildToolScript(params: { argument: string; workingDirectory: string | null }): MockScript | null {
  const space = params.argument.indexOf(" ");
  const name = space === -1 ? params.argument : params.argument.slice(0, space);
  const json =
    space === -1 ? "{}" : params.argument.slice(space + 1).replaceAll("{{cwd}}", params.workingDirectory ?? "");
  try {
    return toolScript({ name: "tool", tool: name, input: JSON.parse(json) as Record<string, unknown> });
  } catch {
    return null;
  }
}

function absolute(target: string, workingDirectory: string | null): string {
  return path.isAbsolute(target) || !workingDirectory ? target : path.join(workingDirectory, target);
}

function toolScript(params: { name: string; tool: string; input: Record<string, unknown> }): MockScript {
  return {
    name: params.name,
    steps: [{ type: "tool_use", name: params.tool, input: params.input }, { type: "tool_result_echo" }],
  };
}

function buildLongText(lineCount: number): string {
  return Array.from(
    { length: lineCount },
    (_, index) => `Line ${index + 1} of a long answer from the mock model.`,
  ).join("\n");
}

function parseNumber(value: string, fallback: number): number {
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}
