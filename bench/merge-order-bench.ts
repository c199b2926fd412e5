import path from "node:path";
import { pathToFileURL } from "node:url";
import { clearMergeTreeCache, keptMergeTreeCount } from "@/lib/git/run/merge-tree-cache.ts";
import { getProcessHost, installProcessHost } from "@/lib/process-host/current-process-host.ts";
import { readMergeOrder } from "@/lib/design/merge-order/read-merge-order.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { scanRepoWorktrees } from "@/lib/git/read/scan-worktrees.ts";
import {
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";
import { countingProcessHost } from "@/tests/support/counting-process-host.ts";
import { createImportStream, runFastImport, timeMs } from "./branch-repo.ts";
import { median, round } from "./stats.ts";

export interface MergeOrderBenchResult {
  planBranches: number;
  worktrees: number;
  fileCount: number;
  iterations: number;
  /** Median of readMergeOrder as on a rescan (branches unchanged: merge-tree verdicts kept). */
  orderMedianMs: number;
  /** Median of readMergeOrder reading everything afresh (no kept merge-tree verdict): the first look. */
  coldMedianMs: number;
  /** Median of one full scan of the same repository (scanRepoWorktrees: every worktree's status). */
  scanMedianMs: number;
  /** orderMedianMs / scanMedianMs; the target is < 0.1. */
  ratio: number;
  /** coldMedianMs / scanMedianMs. */
  coldRatio: number;
  /** Conflicting files the last analysis found (branch vs base, sibling vs sibling). */
  conflicts: number;
  /** Pairs a first read asks git to merge, and the `git merge-tree` processes it starts for them. */
  mergedPairs: number;
  mergeProcesses: number;
}

/**
 * A 50-branch plan (5 roots, 3 children each, 2 grandchildren for most children) in a repository
 * of `fileCount` files where every plan branch has a worktree, as Arbor makes them. Each branch
 * changes two files of its own; every third sibling also changes a file its previous sibling
 * changes, and main moved on, touching files of some branches, so merge-tree has pairs to check.
 * Times the merge order analysis against a full scan, interleaved.
 */
export async function runMergeOrderBench({
  fileCount = 1000,
  iterations = 11,
  warmup = 2,
}: { fileCount?: number; iterations?: number; warmup?: number } = {}): Promise<MergeOrderBenchResult> {
  const { root } = await createFixtureRoot();
  try {
    const { mainPath, initialSha } = await createRepoWithOrigin({ root, files: { "README.md": "bench\n" } });
    const stream = createImportStream();
    const file = (index: number) => `dir-${index % 20}/file-${index}.txt`;
    const all = Object.fromEntries(Array.from({ length: fileCount }, (_, index) => [file(index), `line ${index}\n`]));
    let main = stream.commit({ ref: "refs/heads/main", message: "files", from: initialSha, files: all });
    const fork = main;
    const tree: DesignTree = { nodes: [], edges: [] };
    const heads = new Map<string, string>();
    let count = 0;
    const addNode = (parent: string | null, sibling: number) => {
      const slug = `n-${count}`;
      const own = count * 2;
      const files: Record<string, string> = { [file(own)]: `${slug}\n`, [file(own + 1)]: `${slug}\n` };
      if (sibling > 0 && sibling % 3 === 0) files[file(own - 2)] = `${slug} too\n`;
      count += 1;
      tree.nodes.push({ slug, title: `Task ${slug}`, description: null, status: "in_progress" });
      if (parent) tree.edges.push({ parent, child: slug });
      heads.set(
        slug,
        stream.commit({
          ref: `refs/heads/feat/${slug}`,
          message: slug,
          from: parent ? heads.get(parent)! : fork,
          files,
        }),
      );
      return slug;
    };
    for (let r = 0; r < 5; r += 1) {
      const rootSlug = addNode(null, r);
      for (let c = 0; c < 3; c += 1) {
        const child = addNode(rootSlug, c);
        for (let g = 0; g < 2 && count < 50; g += 1) addNode(child, g);
      }
    }
    while (count < 50) addNode(null, count);
    for (let index = 0; index < 10; index += 1)
      main = stream.commit({
        ref: "refs/heads/main",
        message: `main ${index}`,
        from: main,
        files: { [file(index * 10)]: `main ${index}\n`, [file(900 + index)]: `main ${index}\n` },
      });
    await runFastImport({ cwd: mainPath, input: stream.text });
    await runFixtureGit({ cwd: mainPath, args: ["reset", "-q", "--hard", "main"] });
    for (const node of tree.nodes)
      await runFixtureGit({
        cwd: mainPath,
        args: ["worktree", "add", "-q", path.join(root, node.slug), `feat/${node.slug}`],
      });

    let conflicts = 0;
    const order = async () => {
      const result = await readMergeOrder({ repoRoot: mainPath, tree, rule: "feat/{slug}", isTrusted: false });
      conflicts = result.entries.reduce(
        (sum, entry) =>
          sum +
          entry.baseConflicts.length +
          entry.siblingRisks.reduce((inner, risk) => inner + risk.conflictingFiles.length, 0),
        0,
      );
    };
    let mergedPairs = 0;
    let mergeProcesses = 0;
    // One counting host for every round: git's caches are the host's (merge-tree-cache.ts), so its
    // config reads stay warm after the warm-up, and only the merge verdicts are cleared each round.
    const original = getProcessHost();
    const { host, counter } = countingProcessHost(original, "merge-tree");
    const cold = async () => {
      installProcessHost(host);
      try {
        clearMergeTreeCache();
        counter.count = 0;
        await order();
        mergedPairs = keptMergeTreeCount();
      } finally {
        installProcessHost(original);
      }
      mergeProcesses = counter.count;
    };
    const scan = () => scanRepoWorktrees({ repoPath: mainPath });
    const orderTimes: number[] = [];
    const coldTimes: number[] = [];
    const scanTimes: number[] = [];
    for (let round = 0; round < warmup + iterations; round += 1) {
      const runs = [
        { run: order, times: orderTimes },
        { run: cold, times: coldTimes },
        { run: scan, times: scanTimes },
      ];
      // A different one first each round, so drift in machine load falls on all three alike.
      for (let index = 0; index < runs.length; index += 1) {
        const { run, times } = runs[(index + round) % runs.length]!;
        const ms = await timeMs(run);
        if (round >= warmup) times.push(ms);
      }
    }
    const orderMedianMs = round(median(orderTimes), 1);
    const coldMedianMs = round(median(coldTimes), 1);
    const scanMedianMs = round(median(scanTimes), 1);
    return {
      planBranches: tree.nodes.length,
      worktrees: tree.nodes.length + 1,
      fileCount,
      iterations,
      orderMedianMs,
      coldMedianMs,
      scanMedianMs,
      ratio: round(orderMedianMs / scanMedianMs, 3),
      coldRatio: round(coldMedianMs / scanMedianMs, 3),
      conflicts,
      mergedPairs,
      mergeProcesses,
    };
  } finally {
    await removeGitFixture({ root });
  }
}

const isDirectRun = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isDirectRun) {
  const result = await runMergeOrderBench();
  console.log(
    `merge order bench: ${result.planBranches}-branch plan, ${result.worktrees} worktrees, ${result.fileCount} files, ${result.conflicts} conflicting files, ${result.iterations} runs`,
  );
  console.log(`  full scan median ${result.scanMedianMs} ms`);
  console.log(
    `  merge order, first read (no kept merge-tree verdicts: ${result.mergedPairs} pairs merged in ${result.mergeProcesses} merge-tree processes) median ${result.coldMedianMs} ms: ${round(result.coldRatio * 100, 1)}% of a scan (target < 10%) ${result.coldRatio < 0.1 ? "OK" : "OVER TARGET"}`,
  );
  console.log(
    `  merge order, rescan with unchanged branches median ${result.orderMedianMs} ms: ${round(result.ratio * 100, 1)}% of a scan (target < 10%) ${result.ratio < 0.1 ? "OK" : "OVER TARGET"}`,
  );
}
