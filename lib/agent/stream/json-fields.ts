/** Tolerant readers for untrusted JSON: a missing or mistyped field gives the fallback, never a throw. */

export type JsonObject = Record<string, unknown>;

/** The value as a plain object, or null. */
export function asObject(value: unknown): JsonObject | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}

/** `object[key]` when it is a string, else null. */
export function readString(object: JsonObject | null, key: string): string | null {
  const value = object?.[key];
  return typeof value === "string" ? value : null;
}

/** `object[key]` when it is a finite number, else null. */
export function readNumber(object: JsonObject | null, key: string): number | null {
  const value = object?.[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** `object[key]` when it is an array, else an empty array. */
export function readArray(object: JsonObject | null, key: string): unknown[] {
  const value = object?.[key];
  return Array.isArray(value) ? value : [];
}
