import { readFileSync } from "node:fs";

/**
 * JSON text as the shape the test expects. Like callApi's `T`, the type is not checked at run time:
 * the test's assertions are.
 */
export function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

/** A JSON file (a settings file, a config the CLI wrote) as the shape the test expects. */
export function readJsonFile<T>(file: string): T {
  return parseJson<T>(readFileSync(file, "utf8"));
}
