import { createFailureLines, type RawFailure } from "./failure-list.ts";

/** `test tests::subtracts ... FAILED`: a failed test in the run's list. */
const FAILED_TEST = /^test (\S+) \.\.\. FAILED$/;

/**
 * `cargo test`: each `---- name stdout ----` block (the panic, its message and `src/lib.rs:16:9`)
 * up to the next block or the `failures:` list; without blocks, the `test name ... FAILED` lines. Pure.
 */
export function findCargoFailures(lines: readonly string[]): RawFailure[] {
  const failures: RawFailure[] = [];
  let current: { name: string; lines: ReturnType<typeof createFailureLines> } | null = null;
  const finish = () => {
    if (current && current.name !== "") failures.push({ name: current.name, lines: current.lines.toLines() });
    current = null;
  };
  for (const line of lines) {
    if (line.startsWith("---- ") && line.endsWith(" stdout ----")) {
      finish();
      current = { name: line.slice(5, -" stdout ----".length).trim(), lines: createFailureLines() };
    } else if (line === "failures:" || line.startsWith("test result: ")) finish();
    else current?.lines.push(line);
  }
  finish();
  if (failures.length > 0) return failures;
  return lines.flatMap((line) => {
    const failed = FAILED_TEST.exec(line);
    return failed ? [{ name: failed[1]!, lines: [line] }] : [];
  });
}
