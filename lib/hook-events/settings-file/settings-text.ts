import { asObject, type JsonObject } from "@/lib/agent/stream/json-fields.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/** How a settings file was laid out, when it is exactly what `JSON.stringify(value, null, indent)` writes. */
export interface SettingsFormat {
  indent: number | "\t";
  eol: "\n" | "\r\n";
  trailingNewline: boolean;
  bom: boolean;
}

/** The layout Claude Code itself writes (and Arbor uses for a new file). */
export const DEFAULT_SETTINGS_FORMAT: SettingsFormat = { indent: 2, eol: "\n", trailingNewline: true, bom: false };

export type ParsedSettingsText =
  | { kind: "missing" }
  /** `format` is null when re-serialising would change bytes the user wrote (odd spacing, inline arrays…). */
  | { kind: "json"; settings: JsonObject; format: SettingsFormat | null }
  /** Comments or trailing commas; `settings` is what the file means with them removed. */
  | { kind: "jsonc"; settings: JsonObject };

const CANDIDATE_INDENTS: Array<number | "\t"> = [2, 4, "\t", 0];

/**
 * Reads the text of a Claude Code settings file. `null`, empty or whitespace-only text is
 * "missing". Throws `AppError("invalid_input")` naming `fileLabel` when the text is not JSON (even
 * after removing comments and trailing commas) or its top level is not an object.
 */
export function parseSettingsText(params: { text: string | null; fileLabel: string }): ParsedSettingsText {
  const { text, fileLabel } = params;
  if (text === null || text.trim() === "") return { kind: "missing" };
  const bom = text.startsWith("\uFEFF");
  const body = bom ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const relaxed = tryParse(stripCommentsAndTrailingCommas(body));
    if (relaxed !== undefined) return { kind: "jsonc", settings: requireObject(relaxed, fileLabel) };
    throw new AppError(
      "invalid_input",
      `${fileLabel} is not valid JSON (${(error as Error).message}). Fix or move the file, then try again; Arbor did not change it.`,
    );
  }
  const settings = requireObject(value, fileLabel);
  return { kind: "json", settings, format: detectFormat({ settings, text }) };
}

/** Serialises settings in the given layout. */
export function renderSettings(params: { settings: JsonObject; format: SettingsFormat }): string {
  const { settings, format } = params;
  const json = JSON.stringify(settings, null, format.indent === 0 ? undefined : format.indent);
  const body = format.eol === "\n" ? json : json.replace(/\n/g, "\r\n");
  return `${format.bom ? "\uFEFF" : ""}${body}${format.trailingNewline ? format.eol : ""}`;
}

function detectFormat(params: { settings: JsonObject; text: string }): SettingsFormat | null {
  const bom = params.text.startsWith("\uFEFF");
  for (const indent of CANDIDATE_INDENTS) {
    for (const eol of ["\n", "\r\n"] as const) {
      for (const trailingNewline of [true, false]) {
        const format = { indent, eol, trailingNewline, bom };
        if (renderSettings({ settings: params.settings, format }) === params.text) return format;
      }
    }
  }
  return null;
}

function requireObject(value: unknown, fileLabel: string): JsonObject {
  const object = asObject(value);
  if (!object)
    throw new AppError(
      "invalid_input",
      `${fileLabel} must contain a JSON object ({ … }) at the top level. Fix or move the file, then try again; Arbor did not change it.`,
    );
  return object;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Removes `//` and `/* *\/` comments, then commas before `}` or `]`, never touching string
 * contents. Only used to recognise a JSONC file; its output is never written anywhere.
 */
function stripCommentsAndTrailingCommas(text: string): string {
  const withoutComments = scanOutsideStrings(text, (at) => {
    if (text.startsWith("//", at)) {
      const end = text.indexOf("\n", at);
      return { skip: (end < 0 ? text.length : end) - at, insert: "" };
    }
    if (text.startsWith("/*", at)) {
      const end = text.indexOf("*/", at + 2);
      return { skip: (end < 0 ? text.length : end + 2) - at, insert: " " };
    }
    return null;
  });
  return scanOutsideStrings(withoutComments, (at) =>
    withoutComments[at] === "," && /^,\s*[}\]]/.test(withoutComments.slice(at, at + 200))
      ? { skip: 1, insert: "" }
      : null,
  );
}

/** Copies `text`, letting `edit` drop or replace characters that are outside JSON strings. */
function scanOutsideStrings(text: string, edit: (at: number) => { skip: number; insert: string } | null): string {
  let out = "";
  let index = 0;
  while (index < text.length) {
    if (text[index] === '"') {
      const end = endOfString(text, index);
      out += text.slice(index, end);
      index = end;
      continue;
    }
    const change = edit(index);
    out += change ? change.insert : text[index];
    index += change ? Math.max(change.skip, 1) : 1;
  }
  return out;
}

function endOfString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
  return Math.min(index + 1, text.length);
}
