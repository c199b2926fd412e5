/**
 * Reads the Claude Code captures under tests/fixtures (tests only; never the shared corpus): 2.1.197
 * unless a version is given, so the older CLI's payloads stay covered beside the pinned one's.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The captured CLI versions, oldest first; the last is the version package.json pins. */
export const CAPTURED_VERSIONS = ["2.1.197", "2.1.332"] as const;

const fixtures = (version: string = CAPTURED_VERSIONS[0]) =>
  new URL(`../fixtures/claude-code-${version}/`, import.meta.url);

export interface HookExample {
  scenario: string;
  invocation_index_in_run: number;
  stdin: Record<string, unknown>;
  hook_printed_stdout: string;
  hook_printed_stderr: string;
  hook_exit_code: number;
}

/** The captured invocations of one hook event (`hooks/<Event>.json`). */
export function readHookExamples(event: string, version?: string): HookExample[] {
  const file = JSON.parse(readFileSync(new URL(`hooks/${event}.json`, fixtures(version)), "utf8")) as {
    examples: HookExample[];
  };
  return file.examples;
}

/** One captured hook payload, by event and scenario (the first invocation unless `index` is given). */
export function readHookPayload(params: { event: string; scenario: string; index?: number }): Record<string, unknown> {
  const example = readHookExamples(params.event).find(
    (candidate) =>
      candidate.scenario === params.scenario &&
      candidate.invocation_index_in_run === (params.index ?? candidate.invocation_index_in_run),
  );
  if (!example) throw new Error(`no ${params.event} example for ${params.scenario}`);
  return example.stdin;
}

/** Absolute path of a fixture file, e.g. `transcripts/s05-bash-allowed.jsonl`. */
export function fixturePath(relative: string, version?: string): string {
  return fileURLToPath(new URL(relative, fixtures(version)));
}

/** A fixture file's text. */
export function readFixtureText(relative: string, version?: string): string {
  return readFileSync(new URL(relative, fixtures(version)), "utf8");
}

/** The parsed lines of a JSONL fixture. */
export function readJsonl(relative: string, version?: string): unknown[] {
  return readFixtureText(relative, version)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as unknown);
}

/** The lines of a stream-json capture (`stream-json/<scenario>.jsonl`), as the CLI printed them. */
export function readStreamJsonLines(scenario: string, version?: string): string[] {
  return readFixtureText(`stream-json/${scenario}.jsonl`, version)
    .split("\n")
    .filter((line) => line.length > 0);
}
