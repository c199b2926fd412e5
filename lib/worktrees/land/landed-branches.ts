import type { Db } from "@/lib/db/client.ts";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { readBranchCreatedAt } from "@/lib/git/read/read-branch-created-at.ts";
import { readBranchNames } from "@/lib/git/read/read-branch-names.ts";
import { readRepoBranchHeads } from "@/lib/git/read/read-head-from-files.ts";
import { cachedMergeTree } from "@/lib/git/run/merge-tree-cache.ts";
import { runGit, runGitCommand } from "@/lib/git/run/run-git.ts";
import { runWithConcurrency } from "@/lib/git/run-with-concurrency.ts";
import type { RepoScan, WorktreeScan } from "@/lib/git/types.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import { findRepoOwner } from "@/lib/team/ownership.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { neutralMergeDrivers } from "./land-check.ts";

/** Merges run at once for the merged badge (each is one short git process). */
const MERGE_CONCURRENCY = 4;

/**
 * The worktree list: the fresh scan, with each linked worktree's `mergedInto` set to the default
 * branch when its branch has landed there (landedBranches). Read from git each time, never stored.
 * The default branch and what is in it are read beside the scan (they do not depend on the
 * worktrees), unless only the main worktree's branch can say which branch that is.
 */
export async function listWorktrees(db: Db, input: { repoId: string }): Promise<RepoScan> {
  let early: Promise<{ base: string; facts: BaseFacts } | null> = Promise.resolve(null);
  const scan = await scanPinnedRepo(db, input, (repoPath) => {
    early = readBaseFactsBesideScan(repoPath).catch(() => null);
  });
  const owner = await findRepoOwner(db, input.repoId);
  if (owner && !owner.isLocal) return scan;
  const known = await early;
  let base = known?.base ?? null;
  if (!base) {
    const names = await readBranchNames(scan.repoRoot);
    base = chooseDefaultBranch({
      branchNames: new Set(names.local.keys()),
      originHead: names.originHead,
      mainWorktreeBranch: scan.worktrees.find((worktree) => worktree.isMain)?.branch ?? null,
    });
  }
  if (!base) return scan;
  const landedBase = base;
  // Which branches landed is a convenience: the list is served without it rather than not at all.
  const landed = await landedBranches(db, {
    repoId: input.repoId,
    repoRoot: scan.repoRoot,
    commonDir: scan.commonDir,
    base,
    worktrees: scan.worktrees,
    ...(known ? { facts: known.facts } : {}),
  }).catch(() => new Set<string>());
  return {
    ...scan,
    worktrees: scan.worktrees.map((worktree) => ({
      ...worktree,
      mergedInto: worktree.branch && landed.has(worktree.branch) ? landedBase : null,
    })),
  };
}

/** The default branch from origin/HEAD, main or master, and its facts; null when only the main worktree's branch could tell. */
async function readBaseFactsBesideScan(repoPath: string): Promise<{ base: string; facts: BaseFacts } | null> {
  const fromFiles = readRepoBranchHeads(repoPath, ["main", "master"]);
  const names = fromFiles
    ? { branchNames: new Set(fromFiles.heads.keys()), originHead: fromFiles.originHead }
    : await readBranchNames(repoPath).then((read) => ({
        branchNames: new Set(read.local.keys()),
        originHead: read.originHead,
      }));
  const base = chooseDefaultBranch({ ...names, mainWorktreeBranch: null });
  return base ? { base, facts: await readBaseFacts(repoPath, base) } : null;
}

interface BaseFacts {
  /** Local branches whose tip is in the base's history. */
  reachableBranches: Set<string>;
  baseCommit: string;
  baseTree: string;
  /** The base's last commit time, in seconds. */
  baseTime: number;
}

async function readBaseFacts(repoRoot: string, base: string): Promise<BaseFacts> {
  const baseRef = `refs/heads/${base}`;
  const [reachable, baseFacts] = await Promise.all([
    runGit({ cwd: repoRoot, args: ["for-each-ref", `--merged=${baseRef}`, "--format=%(refname)", "refs/heads/"] }),
    runGit({ cwd: repoRoot, args: ["log", "-1", "--format=%H%x00%T%x00%ct", baseRef, "--"] }),
  ]);
  const [baseCommit = "", baseTree = "", baseTime = "0"] = baseFacts.trim().split("\0");
  return {
    reachableBranches: new Set(
      reachable
        .split("\n")
        .filter((ref) => ref.startsWith("refs/heads/"))
        .map((ref) => ref.slice("refs/heads/".length)),
    ),
    baseCommit,
    baseTree,
    baseTime: Number(baseTime),
  };
}

/**
 * The branches whose work is all in `base`: their tip is in its history and they moved since
 * creation (first reflog entry), or, squashed or rebased, merging them changes nothing
 * (`merge-tree` gives the base's tree) while the branch itself changes something. That merge runs
 * only when the branch's last commit is not newer than the base's, and is cached per commit pair.
 */
export async function landedBranches(
  db: Db,
  input: {
    repoId: string;
    repoRoot: string;
    commonDir: string;
    base: string;
    worktrees: WorktreeScan[];
    /** The base's facts when already read (listWorktrees reads them beside the scan). */
    facts?: BaseFacts;
  },
): Promise<Set<string>> {
  const candidates = input.worktrees.filter(
    (worktree) =>
      !worktree.isMain && worktree.branch && !worktree.isDetached && worktree.head && worktree.branch !== input.base,
  );
  const landed = new Set<string>();
  if (candidates.length === 0) return landed;
  const { reachableBranches, baseCommit, baseTree, baseTime } =
    input.facts ?? (await readBaseFacts(input.repoRoot, input.base));
  const toMerge: WorktreeScan[] = [];
  for (const worktree of candidates) {
    const branch = worktree.branch!;
    if (reachableBranches.has(branch)) {
      const created = await readBranchCreatedAt({ commonDir: input.commonDir, branch });
      if (created !== null && created !== worktree.head!.sha) landed.add(branch);
    } else if (Date.parse(worktree.head!.committedAt) / 1000 <= baseTime) {
      toMerge.push(worktree);
    }
  }
  if (toMerge.length === 0) return landed;
  const isTrusted = await isRepositoryTrusted(db, input.repoId);
  const extraConfig = isTrusted ? [] : await neutralMergeDrivers(input.repoRoot);
  // The commits the scan saw, not the refs: a verdict kept for them holds until either moves.
  const trees = await runWithConcurrency({
    items: toMerge,
    limit: MERGE_CONCURRENCY,
    task: (worktree) => {
      const pair = { left: baseCommit, right: worktree.head!.sha };
      return cachedMergeTree(
        { repoRoot: input.repoRoot, ...pair, isTrusted, extraConfig, answer: "clean tree" },
        async () => {
          const merge = await runGitCommand({
            cwd: input.repoRoot,
            args: ["merge-tree", "--write-tree", "--no-messages", pair.left, pair.right],
            okExitCodes: [1],
            allowRepositoryCode: isTrusted,
            extraConfig,
            timeoutMs: 60_000,
          });
          const tree = merge.exitCode === 0 ? merge.stdout.toString("utf8").trim() : null;
          if (tree !== baseTree) return tree;
          // Merging changes nothing. Landed, unless the branch itself changes nothing (commits that
          // cancel out, an experiment and its revert): those are kept, not "merged" and deletable.
          const mergeBase = (await runGit({ cwd: input.repoRoot, args: ["merge-base", pair.left, pair.right] })).trim();
          const [before = "", after = ""] = (
            await runGit({ cwd: input.repoRoot, args: ["rev-parse", `${mergeBase}^{tree}`, `${pair.right}^{tree}`] })
          ).split("\n");
          return before === after ? null : tree;
        },
      );
    },
  });
  toMerge.forEach((worktree, index) => {
    if (trees[index] === baseTree) landed.add(worktree.branch!);
  });
  return landed;
}
