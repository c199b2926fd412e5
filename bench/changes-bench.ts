import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { checkpointRef, keepCheckpointTree } from "@/lib/git/write/checkpoint-refs.ts";
import { readWorktreeChanges } from "@/lib/git/read/read-worktree-changes.ts";
import { writeWorktreeTree } from "@/lib/git/write/write-worktree-tree.ts";
import { createFixtureRoot, removeGitFixture, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { median, round } from "./stats.ts";

const execFileAsync = promisify(execFile);

export interface ChangesBenchResult {
  listFiles: number;
  listMedianMs: number;
  listRawMedianMs: number;
  /** readWorktreeChanges / (git status --porcelain=v2 + git diff --numstat, side by side); target <= 1.3. */
  listRatio: number;
  checkpointFiles: number;
  checkpointChanged: number;
  /** Both checkpoints of a run (start and end), as Arbor writes them. */
  checkpointRunMedianMs: number;
  /** The same trees written with bare git: copy the index, `add -A` and `write-tree` on it, twice. */
  checkpointRawMedianMs: number;
  /** checkpointRunMedianMs / checkpointRawMedianMs; target <= 1.5. */
  checkpointRatio: number;
  /** `git write-tree` of the worktree's own index (no working files read), twice: the floor. */
  writeTreeOnlyMedianMs: number;
}

/**
 * The Changes tab's list on a worktree with `listFiles` changed files (three quarters modified,
 * a quarter untracked) against the raw git commands it wraps; and a run's checkpoints (start and
 * end) on a `checkpointFiles`-file worktree with `checkpointChanged` changed files against bare
 * git writing the same trees. Interleaved, alternating which goes first.
 */
export async function runChangesBench({
  listFiles = 2000,
  checkpointFiles = 10_000,
  checkpointChanged = 100,
  iterations = 11,
  warmup = 2,
}: {
  listFiles?: number;
  checkpointFiles?: number;
  checkpointChanged?: number;
  iterations?: number;
  warmup?: number;
} = {}): Promise<ChangesBenchResult> {
  const fixture = await createFixtureRoot();
  try {
    const listRepo = await createRepo({ dir: path.join(fixture.root, "list"), files: (listFiles * 3) / 4 });
    await writeMany({ dir: listRepo, count: (listFiles * 3) / 4, content: (index) => `changed ${index}\nline\n` });
    await writeMany({ dir: path.join(listRepo, "new"), count: listFiles / 4, content: (index) => `new ${index}\n` });
    const list = await compare({
      iterations,
      warmup,
      ours: () => readWorktreeChanges({ worktreePath: listRepo }),
      raw: () =>
        Promise.all([
          execFileAsync("git", ["-C", listRepo, "status", "--porcelain=v2", "-z", "--untracked-files=all"]),
          execFileAsync("git", ["-C", listRepo, "diff", "--numstat", "-z", "HEAD"], { maxBuffer: 64 * 1024 * 1024 }),
        ]),
    });

    const cpRepo = await createRepo({ dir: path.join(fixture.root, "checkpoint"), files: checkpointFiles });
    await writeMany({ dir: cpRepo, count: checkpointChanged, content: (index) => `edited ${index}\n` });
    let runNumber = 0;
    const checkpoints = await compare({
      iterations,
      warmup,
      ours: async () => {
        runNumber += 1;
        for (const phase of ["start", "end"]) {
          const written = await writeWorktreeTree({ worktreePath: cpRepo });
          await keepCheckpointTree({
            cwd: cpRepo,
            ref: checkpointRef({ id: `bench-${runNumber}`, phase }),
            tree: written.tree,
          });
        }
      },
      raw: async () => {
        for (let phase = 0; phase < 2; phase += 1) await rawCheckpoint(cpRepo);
      },
    });
    const writeTreeTimes: number[] = [];
    for (let round = 0; round < iterations; round += 1) {
      const start = performance.now();
      for (let phase = 0; phase < 2; phase += 1) await execFileAsync("git", ["-C", cpRepo, "write-tree"]);
      writeTreeTimes.push(performance.now() - start);
    }
    return {
      listFiles,
      listMedianMs: round(list.oursMs),
      listRawMedianMs: round(list.rawMs),
      listRatio: round(list.oursMs / list.rawMs, 3),
      checkpointFiles,
      checkpointChanged,
      checkpointRunMedianMs: round(checkpoints.oursMs),
      checkpointRawMedianMs: round(checkpoints.rawMs),
      checkpointRatio: round(checkpoints.oursMs / checkpoints.rawMs, 3),
      writeTreeOnlyMedianMs: round(median(writeTreeTimes)),
    };
  } finally {
    await removeGitFixture(fixture);
  }
}

/** What any checkpoint must do with git alone: a temporary copy of the index, `add -A` into it, `write-tree`. */
async function rawCheckpoint(repo: string): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), "bench-index-"));
  try {
    const index = path.join(folder, "index");
    await copyFile(path.join(repo, ".git", "index"), index);
    const env = { ...process.env, GIT_INDEX_FILE: index };
    await execFileAsync("git", ["-C", repo, "add", "-A"], { env });
    await execFileAsync("git", ["-C", repo, "write-tree"], { env });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function compare(input: {
  iterations: number;
  warmup: number;
  ours: () => Promise<unknown>;
  raw: () => Promise<unknown>;
}): Promise<{ oursMs: number; rawMs: number }> {
  const ours: number[] = [];
  const raw: number[] = [];
  for (let round = 0; round < input.warmup + input.iterations; round += 1) {
    const isOursFirst = round % 2 === 0;
    const first = await timeMs(isOursFirst ? input.ours : input.raw);
    const second = await timeMs(isOursFirst ? input.raw : input.ours);
    if (round < input.warmup) continue;
    ours.push(isOursFirst ? first : second);
    raw.push(isOursFirst ? second : first);
  }
  return { oursMs: median(ours), rawMs: median(raw) };
}

async function createRepo(input: { dir: string; files: number }): Promise<string> {
  await runFixtureGit({ cwd: path.dirname(input.dir), args: ["init", "-q", input.dir] });
  await writeMany({ dir: input.dir, count: input.files, content: (index) => `file ${index}\nline\n` });
  await runFixtureGit({ cwd: input.dir, args: ["add", "-A"] });
  await runFixtureGit({ cwd: input.dir, args: ["commit", "-q", "-m", "files"] });
  return input.dir;
}

/** Files f<index>.txt spread over folders of 100. */
async function writeMany(input: { dir: string; count: number; content: (index: number) => string }): Promise<void> {
  for (let index = 0; index < input.count; index += 1) {
    const folder = path.join(input.dir, `d${Math.floor(index / 100)}`);
    if (index % 100 === 0) await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `f${index}.txt`), input.content(index));
  }
}

async function timeMs(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}
