import { execFile } from "node:child_process";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { STATUS_ARGS } from "@/lib/git/read/read-worktree-state.ts";
import { runWithConcurrency } from "@/lib/git/run-with-concurrency.ts";
import { scanRepoWorktrees } from "@/lib/git/read/scan-worktrees.ts";
import { createWorktrees, removeGitFixture } from "@/tests/support/git-fixtures.ts";

const execFileAsync = promisify(execFile);

export interface ScanBenchResult {
  worktreeCount: number;
  iterations: number;
  concurrency: number;
  /** Median wall time of scanRepoWorktrees. */
  scanMedianMs: number;
  /** Median wall time of the bare git commands the scan cannot avoid. */
  rawMedianMs: number;
  /** scanMedianMs / rawMedianMs; the target is <= 1.5. */
  ratio: number;
}

/**
 * Compares scanRepoWorktrees with the minimum git work it wraps (`worktree list` plus one
 * `status` per worktree, same flags, same concurrency, straight through execFile) on a fresh
 * repository with `worktreeCount` worktrees, a third of them dirty. The two are interleaved,
 * alternating which goes first, so drift in machine load affects both alike.
 */
export async function runScanBench({
  worktreeCount = 50,
  iterations = 15,
  warmup = 3,
  concurrency = 8,
}: {
  worktreeCount?: number;
  iterations?: number;
  warmup?: number;
  concurrency?: number;
} = {}): Promise<ScanBenchResult> {
  const fixture = await createWorktrees({ count: worktreeCount, dirtyEvery: 3 });
  try {
    const scan = () => scanRepoWorktrees({ repoPath: fixture.mainPath, concurrency });
    const raw = () => runRawCommands({ repoPath: fixture.mainPath, concurrency });
    const scanTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let round = 0; round < warmup + iterations; round += 1) {
      const scanFirst = round % 2 === 0;
      const first = await timeMs(scanFirst ? scan : raw);
      const second = await timeMs(scanFirst ? raw : scan);
      if (round < warmup) continue;
      scanTimes.push(scanFirst ? first : second);
      rawTimes.push(scanFirst ? second : first);
    }
    const scanMedianMs = median(scanTimes);
    const rawMedianMs = median(rawTimes);
    return { worktreeCount, iterations, concurrency, scanMedianMs, rawMedianMs, ratio: scanMedianMs / rawMedianMs };
  } finally {
    await removeGitFixture(fixture);
  }
}

async function runRawCommands({ repoPath, concurrency }: { repoPath: string; concurrency: number }): Promise<void> {
  const { stdout } = await execFileAsync("git", ["-C", repoPath, "worktree", "list", "--porcelain", "-z"]);
  const paths = stdout
    .split("\0")
    .flatMap((field) => (field.startsWith("worktree ") ? [field.slice("worktree ".length)] : []));
  await runWithConcurrency({
    items: paths,
    limit: concurrency,
    task: (path) => execFileAsync("git", ["--no-optional-locks", "-C", path, ...STATUS_ARGS]),
  });
}

async function timeMs(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) {
  const result = await runScanBench();
  console.log(
    `scan bench: ${result.worktreeCount} worktrees, ${result.iterations} iterations, concurrency ${result.concurrency}`,
  );
  console.log(`  scanRepoWorktrees median: ${result.scanMedianMs.toFixed(1)} ms`);
  console.log(`  raw git commands median:  ${result.rawMedianMs.toFixed(1)} ms`);
  console.log(`  ratio: ${result.ratio.toFixed(2)} (target <= 1.5) ${result.ratio <= 1.5 ? "OK" : "OVER TARGET"}`);
}
