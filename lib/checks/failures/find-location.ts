/**
 * `path:line` after a space, a parenthesis or a comma, or at a line's start (`file://` URLs too).
 * The path excludes `:` and whitespace, so each attempt stops at the first of them: linear time.
 */
const LOCATION = /(?:^|[\s(,])(?:file:\/\/)?([^\s()'",:]+):(\d+)/g;
/** A file name ends in an extension: `app.ts`, not `13` of a clock or `127.0.0.1` of an address. */
const HAS_EXTENSION = /\.[A-Za-z][A-Za-z0-9]*$/;

export interface FoundLocation {
  file: string;
  line: number;
}

/**
 * The first place a failure's lines point at: in `file` when the parser knows the test's file
 * (a stack passes through libraries before it reaches the test), else the first outside
 * dependencies and the toolchain. Null when the lines name none. Pure.
 */
export function findLocation(lines: readonly string[], file?: string): FoundLocation | null {
  for (const text of lines) {
    for (const match of text.matchAll(LOCATION)) {
      const path = match[1]!.startsWith("./") ? match[1]!.slice(2) : match[1]!;
      const line = Number(match[2]);
      if (!HAS_EXTENSION.test(path) || !Number.isSafeInteger(line) || line < 1) continue;
      if (file !== undefined ? isSameFile(path, file) : !isDependency(path)) return { file: path, line };
    }
  }
  return null;
}

/** Splits `path:line[:column]` from its end, since a path may hold colons (`C:\…`). Pure. */
export function splitLocation(value: string): FoundLocation | null {
  const parts = value.replace(/^file:\/\//, "").split(":");
  const isNumber = (part: string | undefined) => part !== undefined && /^\d+$/.test(part);
  let end = parts.length;
  if (end >= 3 && isNumber(parts[end - 1]) && isNumber(parts[end - 2])) end -= 2;
  else if (end >= 2 && isNumber(parts[end - 1])) end -= 1;
  else return null;
  const line = Number(parts[end]);
  const file = parts.slice(0, end).join(":");
  return file !== "" && line >= 1 ? { file, line } : null;
}

function isSameFile(a: string, b: string): boolean {
  const left = a.replace(/^\.\//, "");
  const right = b.replace(/^\.\//, "");
  return left === right || left.endsWith(`/${right}`) || right.endsWith(`/${left}`);
}

function isDependency(path: string): boolean {
  return path.includes("node_modules/") || path.includes("site-packages/") || path.startsWith("/rustc/");
}
