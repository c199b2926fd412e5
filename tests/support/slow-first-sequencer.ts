import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The process suites' slowest files (seconds each on a clean CI run), longest first. Without a results
 * cache (a clean clone), vitest orders files by project and size, so the longest file, a six-line one,
 * started late and ran alone on one worker for minutes after the other was done. Started first, it
 * overlaps everything else. Keep the list to files that take a minute or more.
 */
export const SLOW_FILES = [
  "tests/integration/long-conversation-plain.test.ts",
  "tests/faults/chat-failures.test.ts",
  "tests/integration/two-starts-one-checkout.test.ts",
  "tests/integration/approvals-api.test.ts",
  "tests/integration/history-import.test.ts",
  "tests/integration/chat-api.test.ts",
];

/** Position of a file in SLOW_FILES, or after them all. */
function slowRank(moduleId: string): number {
  const index = SLOW_FILES.findIndex((file) => moduleId.endsWith(`/${file}`));
  return index === -1 ? SLOW_FILES.length : index;
}

/** The files of SLOW_FILES first, in its order; the others after them, in the order given. */
export function putSlowFirst<T extends { moduleId: string }>(files: readonly T[]): T[] {
  return files
    .map((file, index) => ({ file, index, rank: slowRank(file.moduleId) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ file }) => file);
}

/** vitest's order (failed first, then longest first once it knows durations), with the slow files ahead. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return putSlowFirst(await super.sort(files));
  }
}
