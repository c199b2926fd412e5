import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildBranchFacts } from "@/lib/design/divergence/build-branch-facts.ts";
import { findDivergence } from "@/lib/design/divergence/find-divergence.ts";
import { layoutBranchTree } from "@/lib/design/divergence/layout-tree.ts";
import { BRANCH_LOG_ARGS, parseBranchLog } from "@/lib/design/divergence/parse-branch-log.ts";
import { readBranchFacts } from "@/lib/design/divergence/read-branch-facts.ts";
import type { BranchFacts, DesignNode, DesignTree } from "@/lib/design/types.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import { scanRepoWorktrees } from "@/lib/git/read/scan-worktrees.ts";
import {
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";
import { createImportStream, runFastImport } from "./branch-repo.ts";
import { median } from "./stats.ts";

const RULE = "feat/{slug}";

export interface DesignBenchResult {
  branchCount: number;
  commitCount: number;
  designNodeCount: number;
  worktreeCount: number;
  warningCount: number;
  iterations: number;
  /** Median wall time of scanRepoWorktrees on the same repository (the baseline). */
  scanMedianMs: number;
  /** Median of readBranchFacts (git log + for-each-ref + the in-memory graph work). */
  readFactsMedianMs: number;
  /** Median of the in-memory part of readBranchFacts alone (parse + buildBranchFacts). */
  graphMedianMs: number;
  /** Median of findDivergence + layoutBranchTree: the pure part the target is about. */
  pureMedianMs: number;
  /** Median of readBranchFacts + findDivergence + layoutBranchTree. */
  totalMedianMs: number;
  /** pureMedianMs / scanMedianMs; the target is <= 0.2. */
  ratio: number;
  /** totalMedianMs / scanMedianMs, for information. */
  totalRatio: number;
}

/**
 * Builds a repository with `branchCount` branches (forks from main, stacked branches, branches
 * forked from older commits of their parent, some merged into main) in one `git fast-import`,
 * plus `worktreeCount` worktrees, and a design of `designNodeCount` nodes that mostly matches it.
 * Then times, interleaved round by round, scanning the worktrees (the baseline) against reading
 * branch facts and running divergence + layout on them.
 */
export async function runDesignBench({
  branchCount = 500,
  designNodeCount = 200,
  worktreeCount = 20,
  iterations = 15,
  warmup = 3,
}: {
  branchCount?: number;
  designNodeCount?: number;
  worktreeCount?: number;
  iterations?: number;
  warmup?: number;
} = {}): Promise<DesignBenchResult> {
  const { root } = await createFixtureRoot();
  try {
    const files = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`src/file-${index}.txt`, `line ${index}\n`]),
    );
    const { mainPath, initialSha } = await createRepoWithOrigin({ root, files });
    const { parentOf, commitCount } = await importBranches({ mainPath, initialSha, branchCount });
    for (let index = 0; index < worktreeCount; index += 1) {
      await runFixtureGit({
        cwd: mainPath,
        args: ["worktree", "add", "-q", join(root, `wt-${index}`), branchName(index * 7)],
      });
    }
    const tree = buildDesign({ parentOf, designNodeCount });
    const times = { scan: [] as number[], read: [] as number[], graph: [] as number[], pure: [] as number[] };
    let warningCount = 0;
    for (let round = 0; round < warmup + iterations; round += 1) {
      const scanStart = performance.now();
      const scan = await scanRepoWorktrees({ repoPath: mainPath });
      const readStart = performance.now();
      const facts = await readBranchFacts({ repoPath: mainPath, scan });
      const pureStart = performance.now();
      warningCount = findDivergence({ tree, branches: facts, rule: RULE }).length;
      layoutBranchTree({ tree, branches: facts, rule: RULE });
      const pureEnd = performance.now();
      const graphMs = await timeGraphWork({ mainPath, facts });
      if (round < warmup) continue;
      times.scan.push(readStart - scanStart);
      times.read.push(pureStart - readStart);
      times.pure.push(pureEnd - pureStart);
      times.graph.push(graphMs);
    }
    const totals = times.read.map((readMs, index) => readMs + (times.pure[index] ?? 0));
    const scanMedianMs = median(times.scan);
    const pureMedianMs = median(times.pure);
    const totalMedianMs = median(totals);
    return {
      branchCount,
      commitCount,
      designNodeCount: tree.nodes.length,
      worktreeCount,
      warningCount,
      iterations,
      scanMedianMs,
      readFactsMedianMs: median(times.read),
      graphMedianMs: median(times.graph),
      pureMedianMs,
      totalMedianMs,
      ratio: pureMedianMs / scanMedianMs,
      totalRatio: totalMedianMs / scanMedianMs,
    };
  } finally {
    await removeGitFixture({ root });
  }
}

const branchName = (index: number) => `feat/n-${index}`;

/** Deterministic pseudo-random numbers, so every run builds the same repository. */
function createRandom(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/**
 * One fast-import stream: 50 commits on main; branch i forks from a main commit (i < 50) or from
 * an earlier branch's head or first commit; two commits each; every 25th branch is merged into
 * main at the end. Returns each branch's git parent (null for main).
 */
async function importBranches({
  mainPath,
  initialSha,
  branchCount,
}: {
  mainPath: string;
  initialSha: string;
  branchCount: number;
}) {
  const random = createRandom(42);
  const stream = createImportStream();
  const commit = (input: Parameters<typeof stream.commit>[0]) => stream.commit(input);
  const mainCommits: string[] = [];
  let mainHead = initialSha;
  for (let index = 0; index < 50; index += 1)
    mainCommits.push((mainHead = commit({ ref: "refs/heads/main", message: `main ${index}`, from: mainHead })));
  const heads: string[] = [];
  const firsts: string[] = [];
  const parentOf: (number | null)[] = [];
  for (let index = 0; index < branchCount; index += 1) {
    const parent = index < 50 ? null : random(index);
    const base =
      parent === null ? (mainCommits[index] ?? initialSha) : random(3) === 0 ? firsts[parent]! : heads[parent]!;
    const ref = `refs/heads/${branchName(index)}`;
    const first = commit({ ref, message: `${branchName(index)} 1`, from: base });
    firsts.push(first);
    heads.push(commit({ ref, message: `${branchName(index)} 2`, from: first }));
    parentOf.push(parent);
  }
  for (let index = 0; index < branchCount; index += 25) {
    mainHead = commit({
      ref: "refs/heads/main",
      message: `Merge ${branchName(index)}`,
      from: mainHead,
      merge: heads[index],
    });
  }
  await runFastImport({ cwd: mainPath, input: stream.text });
  await runFixtureGit({ cwd: mainPath, args: ["reset", "-q", "--hard", "main"] });
  return { parentOf, commitCount: stream.commitCount + 1 };
}

/**
 * 190 nodes for branches 0–189 (every 20th placed under a wrong parent, every 30th marked done)
 * and 10 planned nodes without a branch.
 */
function buildDesign({
  parentOf,
  designNodeCount,
}: {
  parentOf: (number | null)[];
  designNodeCount: number;
}): DesignTree {
  const withBranch = Math.max(0, designNodeCount - 10);
  const nodes: DesignNode[] = [];
  const edges: DesignTree["edges"] = [];
  for (let index = 0; index < withBranch; index += 1) {
    nodes.push({
      slug: `n-${index}`,
      title: `Task ${index}`,
      description: null,
      status: index % 30 === 0 ? "done" : "in_progress",
    });
    const parent = index % 20 === 19 ? Math.floor(index / 2) : parentOf[index];
    if (parent !== null && parent !== undefined && parent < index)
      edges.push({ parent: `n-${parent}`, child: `n-${index}` });
  }
  for (let index = 0; index < designNodeCount - withBranch; index += 1) {
    nodes.push({ slug: `planned-${index}`, title: `Planned ${index}`, description: null, status: "planned" });
    if (withBranch > 0) edges.push({ parent: `n-${index}`, child: `planned-${index}` });
  }
  return { nodes, edges };
}

/** Times the in-memory part of readBranchFacts alone, on output read once outside the timer. */
async function timeGraphWork({ mainPath, facts }: { mainPath: string; facts: BranchFacts }): Promise<number> {
  const output = await runGit({ cwd: mainPath, args: BRANCH_LOG_ARGS });
  const start = performance.now();
  const { commits, heads } = parseBranchLog(output);
  buildBranchFacts({ commits, heads, defaultBranch: facts.defaultBranch });
  return performance.now() - start;
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) {
  const result = await runDesignBench();
  console.log(
    `design bench: ${result.branchCount} branches, ${result.commitCount} commits, ${result.designNodeCount}-node design, ${result.worktreeCount} worktrees, ${result.warningCount} warnings, ${result.iterations} runs`,
  );
  console.log(`  scanRepoWorktrees median:                ${result.scanMedianMs.toFixed(1)} ms`);
  console.log(
    `  readBranchFacts median:                  ${result.readFactsMedianMs.toFixed(1)} ms (in-memory graph part ${result.graphMedianMs.toFixed(2)} ms)`,
  );
  console.log(`  findDivergence + layoutBranchTree median: ${result.pureMedianMs.toFixed(2)} ms`);
  console.log(
    `  read + divergence + layout median:       ${result.totalMedianMs.toFixed(1)} ms (${result.totalRatio.toFixed(2)} × scan)`,
  );
  console.log(
    `  ratio divergence+layout / scan: ${result.ratio.toFixed(3)} (target <= 0.2) ${result.ratio <= 0.2 ? "OK" : "OVER TARGET"}`,
  );
}
