import type { Finding } from "./trust-types.ts";

/** A finding before it is placed in worktrees and given its id (see build-inspection.ts). */
export type RawFinding = Omit<Finding, "id" | "worktrees">;

/** Longest detail shown; the digest always covers the whole text. */
const MAX_DETAIL_CHARS = 4000;

/** `text` clipped for display, saying how much was left out. */
export function clipDetail(text: string): string {
  if (text.length <= MAX_DETAIL_CHARS) return text;
  return `${text.slice(0, MAX_DETAIL_CHARS)}\n… (${text.length - MAX_DETAIL_CHARS} more characters not shown)`;
}

/** JSON with object keys sorted at every level: equal values give equal text, however they were written. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/** A value as one line of text for a finding's detail (strings as they are, anything else as JSON). */
export function showValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}
