import { createFailureLines, type RawFailure } from "./failure-list.ts";

/** `FAIL src/a.test.js` (or ` FAIL  src/a.test.js` once its colours are gone): the file the blocks below belong to. */
const FILE_HEADER = /^ ?(?:FAIL|PASS) +(\S+)/;
/** Jest's block of console output is not a failure. */
const CONSOLE_BLOCK = "Console";

/**
 * Jest: each `● suite › test` block, up to the next line indented no deeper than its bullet
 * (the next block, the next file, the summary), in the file of the `FAIL path` line above it.
 * "Summary of all failing tests" repeats them; the repeats are dropped later. Pure.
 */
export function findJestFailures(lines: readonly string[]): RawFailure[] {
  const failures: RawFailure[] = [];
  let file: string | undefined;
  let current: { name: string; indent: number; lines: ReturnType<typeof createFailureLines> } | null = null;
  const finish = () => {
    if (current) failures.push({ name: current.name, file, lines: current.lines.toLines() });
    current = null;
  };
  for (const line of lines) {
    const trimmed = line.trimStart();
    const indent = line.length - trimmed.length;
    if (current && (trimmed === "" || indent > current.indent)) {
      current.lines.push(line);
      continue;
    }
    finish();
    const header = FILE_HEADER.exec(line);
    if (header) file = header[1];
    else if (trimmed.startsWith("● ")) {
      const name = trimmed.slice(2).trim();
      if (name !== "" && name !== CONSOLE_BLOCK) current = { name, indent, lines: createFailureLines() };
    }
  }
  finish();
  return failures;
}
