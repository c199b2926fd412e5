/** Reads the Claude Code 2.1.197 captures copied under tests/fixtures (tests only; never the shared corpus). */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FIXTURES = new URL("../../tests/fixtures/claude-code-2.1.197/", import.meta.url);

export interface HookExample {
  scenario: string;
  invocation_index_in_run: number;
  stdin: Record<string, unknown>;
  hook_printed_stdout: string;
  hook_printed_stderr: string;
  hook_exit_code: number;
}

/** The captured invocations of one hook event (`hooks/<Event>.json`). */
export function readHookExamples(event: string): HookExample[] {
  const file = JSON.parse(readFileSync(new URL(`hooks/${event}.json`, FIXTURES), "utf8")) as {
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
export function fixturePath(relative: string): string {
  return fileURLToPath(new URL(relative, FIXTURES));
}

/** A fixture file's text. */
export function readFixtureText(relative: string): string {
  return readFileSync(new URL(relative, FIXTURES), "utf8");
}

/** The parsed lines of a JSONL fixture. */
export function readJsonl(relative: string): unknown[] {
  return readFixtureText(relative)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as unknown);
}
