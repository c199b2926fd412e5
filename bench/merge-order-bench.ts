import path from "node:path";
import { pathToFileURL } from "node:url";
import { readMergeOrder } from "@/lib/design/read-merge-order.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { scanRepoWorktrees } from "@/lib/git/scan-worktrees.ts";
import {
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";
import { createImportStream, runFastImport, timeMs } from "./branch-repo.ts";
import { median, round } from "./stats.ts";

export interface MergeOrderBenchResult {
  planBranches: number;
  worktrees: number;
  fileCount: number;
  iterations: number;
  /** Median of readMergeOrder (every git read and merge-tree the dashboard panel needs). */
  orderMedianMs: number;
  /** Median of one full scan of the same repository (scanRepoWorktrees: every worktree's status). */
  scanMedianMs: number;
  /** orderMedianMs / scanMedianMs; the target is < 0.1. */
  ratio: number;
  /** Pairs merge-tree was run for in the last analysis (branch vs base, sibling vs sibling). */
  conflicts: number;
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
    const scan = () => scanRepoWorktrees({ repoPath: mainPath });
    const orderTimes: number[] = [];
    const scanTimes: number[] = [];
    for (let round = 0; round < warmup + iterations; round += 1) {
      const orderFirst = round % 2 === 0;
      const first = await timeMs(orderFirst ? order : scan);
      const second = await timeMs(orderFirst ? scan : order);
      if (round < warmup) continue;
      orderTimes.push(orderFirst ? first : second);
      scanTimes.push(orderFirst ? second : first);
    }
    const orderMedianMs = round(median(orderTimes), 1);
    const scanMedianMs = round(median(scanTimes), 1);
    return {
      planBranches: tree.nodes.length,
      worktrees: tree.nodes.length + 1,
      fileCount,
      iterations,
      orderMedianMs,
      scanMedianMs,
      ratio: round(orderMedianMs / scanMedianMs, 3),
      conflicts,
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
  console.log(`  merge order median ${result.orderMedianMs} ms vs full scan median ${result.scanMedianMs} ms`);
  console.log(
    `  ${round(result.ratio * 100, 1)}% of a scan (target < 10%) ${result.ratio < 0.1 ? "OK" : "OVER TARGET"}`,
  );
}
