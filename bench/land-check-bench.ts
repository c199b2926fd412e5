import { execFile } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { STATUS_ARGS } from "@/lib/git/read/read-worktree-state.ts";
import { runGit, runGitCommand } from "@/lib/git/run/run-git.ts";
import { pinRepository } from "@/lib/pins/pin-repository.ts";
import { createWorktreeIndex } from "@/lib/pins/worktree-index.ts";
import { checkLanding, checkLandingConflicts } from "@/lib/worktrees/land/land-check.ts";
import {
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { createTestDb } from "@/tests/support/test-db.ts";
import { createImportStream, runFastImport, timeMs } from "./branch-repo.ts";
import { median, round } from "./stats.ts";

const execFileAsync = promisify(execFile);

export interface LandCheckBenchResult {
  branchCount: number;
  fileCount: number;
  iterations: number;
  /** Median of the conflict pre-check (checkLandingConflicts: refs, counts, merge-tree) for the target branch. */
  checkMedianMs: number;
  /** Median of checkLanding: the pre-check with the blockers (both worktrees' status), as landing runs it. */
  fullMedianMs: number;
  /** Median of `git merge-tree --write-tree` on the same pair, straight through execFile. */
  rawMedianMs: number;
  /** checkMedianMs / rawMedianMs; the target is <= 1.2. */
  ratio: number;
  conflictingFiles: number;
  /** The same merge-tree through Arbor's git runner (safety options, process host), for information. */
  wrappedMedianMs: number;
  /** One worktree's status through Arbor's git runner (a land check reads two), for information. */
  statusMedianMs: number;
}

/**
 * A repository of `fileCount` files in 50 folders with `branchCount` branches (two commits each,
 * forked from main's history); the target branch has a worktree and 20 commits changing 60 files,
 * main moved on by 20 commits changing 60 others (3 shared: conflicts). Times checkLanding of the
 * target against main, interleaved with the raw merge-tree of the same pair.
 */
export async function runLandCheckBench({
  branchCount = 500,
  fileCount = 5000,
  iterations = 15,
  warmup = 3,
}: {
  branchCount?: number;
  fileCount?: number;
  iterations?: number;
  warmup?: number;
} = {}): Promise<LandCheckBenchResult> {
  const { root } = await createFixtureRoot();
  const handle = await createTestDb();
  const ctx = createTestContext({ db: handle.db });
  try {
    const { mainPath, initialSha } = await createRepoWithOrigin({ root, files: { "README.md": "bench\n" } });
    const stream = createImportStream();
    const file = (index: number) => `dir-${index % 50}/file-${index}.txt`;
    const all = Object.fromEntries(Array.from({ length: fileCount }, (_, index) => [file(index), `line ${index}\n`]));
    let main = stream.commit({ ref: "refs/heads/main", message: "files", from: initialSha, files: all });
    const history = [main];
    for (let index = 0; index < 30; index += 1)
      history.push((main = stream.commit({ ref: "refs/heads/main", message: `main ${index}`, from: main })));
    let target = main;
    for (let index = 0; index < 20; index += 1) {
      const files = Object.fromEntries(
        [0, 1, 2].map((offset) => [file(index * 3 + offset), `target ${index}\n`] as const),
      );
      target = stream.commit({ ref: "refs/heads/feat/target", message: `target ${index}`, from: target, files });
    }
    for (let index = 0; index < 20; index += 1) {
      const files: Record<string, string> = Object.fromEntries(
        [0, 1, 2].map((offset) => [file(1000 + index * 3 + offset), `main ${index}\n`]),
      );
      if (index < 3) files[file(index)] = `main changed ${index}\n`;
      main = stream.commit({ ref: "refs/heads/main", message: `main moves ${index}`, from: main, files });
    }
    for (let index = 0; index < branchCount - 1; index += 1) {
      const ref = `refs/heads/feat/b-${index}`;
      const first = stream.commit({
        ref,
        message: `b-${index} 1`,
        from: history[index % history.length]!,
        files: { [file(2000 + index)]: `b ${index}\n` },
      });
      stream.commit({ ref, message: `b-${index} 2`, from: first });
    }
    await runFastImport({ cwd: mainPath, input: stream.text });
    await runFixtureGit({ cwd: mainPath, args: ["reset", "-q", "--hard", "main"] });
    const worktreePath = path.join(root, "target");
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", worktreePath, "feat/target"] });
    await pinRepository({ db: handle.db, worktreeIndex: createWorktreeIndex() }, { path: mainPath });
    const repo = await handle.db.repo.findFirstOrThrow();

    let conflictingFiles = 0;
    const check = async () => {
      const result = await checkLandingConflicts(ctx, { repoId: repo.id, worktreePath });
      conflictingFiles = result.check.conflictingFileCount;
    };
    const raw = () =>
      execFileAsync("git", [
        "-C",
        mainPath,
        "merge-tree",
        "--write-tree",
        "-z",
        "--name-only",
        "--no-messages",
        "refs/heads/main",
        "refs/heads/feat/target",
      ]).catch((error: { code?: number }) => {
        if (error.code !== 1) throw error;
      });
    const wrapped = () =>
      runGitCommand({
        cwd: mainPath,
        args: [
          "merge-tree",
          "--write-tree",
          "-z",
          "--name-only",
          "--no-messages",
          "refs/heads/main",
          "refs/heads/feat/target",
        ],
        okExitCodes: [1],
      });
    const status = () => runGit({ cwd: worktreePath, args: STATUS_ARGS });
    const full = () => checkLanding(ctx, { repoId: repo.id, worktreePath });
    const wrappedTimes: number[] = [];
    const statusTimes: number[] = [];
    const fullTimes: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      wrappedTimes.push(await timeMs(wrapped));
      statusTimes.push(await timeMs(status));
      fullTimes.push(await timeMs(full));
    }
    const checkTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let round = 0; round < warmup + iterations; round += 1) {
      const checkFirst = round % 2 === 0;
      const first = await timeMs(checkFirst ? check : raw);
      const second = await timeMs(checkFirst ? raw : check);
      if (round < warmup) continue;
      checkTimes.push(checkFirst ? first : second);
      rawTimes.push(checkFirst ? second : first);
    }
    const checkMedianMs = round(median(checkTimes), 1);
    const rawMedianMs = round(median(rawTimes), 1);
    return {
      branchCount,
      fileCount,
      iterations,
      checkMedianMs,
      rawMedianMs,
      ratio: round(checkMedianMs / rawMedianMs, 2),
      conflictingFiles,
      wrappedMedianMs: round(median(wrappedTimes), 1),
      fullMedianMs: round(median(fullTimes), 1),
      statusMedianMs: round(median(statusTimes), 1),
    };
  } finally {
    await handle.close();
    await removeGitFixture({ root });
  }
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) {
  const result = await runLandCheckBench();
  console.log(
    `land check bench: ${result.branchCount} branches, ${result.fileCount} files, ${result.conflictingFiles} conflicting, ${result.iterations} runs`,
  );
  console.log(`  conflict pre-check median ${result.checkMedianMs} ms vs raw merge-tree ${result.rawMedianMs} ms`);
  console.log(`  with the blockers (checkLanding, as landing runs it) ${result.fullMedianMs} ms`);
  console.log(
    `  merge-tree through runGitCommand ${result.wrappedMedianMs} ms; one status ${result.statusMedianMs} ms`,
  );
  console.log(`  ratio ${result.ratio} (target <= 1.2) ${result.ratio <= 1.2 ? "OK" : "OVER TARGET"}`);
}
