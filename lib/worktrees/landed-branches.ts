import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { readBranchNames } from "@/lib/git/read-branch-names.ts";
import { runGit, runGitCommand } from "@/lib/git/run-git.ts";
import type { RepoScan, WorktreeScan } from "@/lib/git/types.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import { findRepoOwner } from "@/lib/team/ownership.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { neutralMergeDrivers } from "./land-check.ts";

/**
 * The worktree list: the fresh scan, with each linked worktree's `mergedInto` set to the default
 * branch when its branch has landed there (landedBranches). Read from git each time, never stored.
 */
export async function listWorktrees(db: Db, input: { repoId: string }): Promise<RepoScan> {
  const scan = await scanPinnedRepo(db, input);
  const owner = await findRepoOwner(db, input.repoId);
  if (owner && !owner.isLocal) return scan;
  const names = await readBranchNames(scan.repoRoot);
  const base = chooseDefaultBranch({
    branchNames: new Set(names.local.keys()),
    originHead: names.originHead,
    mainWorktreeBranch: scan.worktrees.find((worktree) => worktree.isMain)?.branch ?? null,
  });
  if (!base || !names.local.has(base)) return scan;
  // Which branches landed is a convenience: the list is served without it rather than not at all.
  const landed = await landedBranches(db, {
    repoId: input.repoId,
    repoRoot: scan.repoRoot,
    commonDir: scan.commonDir,
    base,
    worktrees: scan.worktrees,
  }).catch(() => new Set<string>());
  return {
    ...scan,
    worktrees: scan.worktrees.map((worktree) => ({
      ...worktree,
      mergedInto: worktree.branch && landed.has(worktree.branch) ? base : null,
    })),
  };
}

/**
 * The branches of these worktrees whose work is all in `base`: their tip is in the base's history
 * and they moved since they were created (their reflog's first entry; a branch nobody committed on
 * is not "merged"), or, squashed or rebased onto it, merging them into the base would change
 * nothing (`git merge-tree --write-tree` gives the base's own tree). The second test only runs for
 * a branch whose last commit is not newer than the base's, so work in progress costs no merge.
 */
export async function landedBranches(
  db: Db,
  input: { repoId: string; repoRoot: string; commonDir: string; base: string; worktrees: WorktreeScan[] },
): Promise<Set<string>> {
  const candidates = input.worktrees.filter(
    (worktree) =>
      !worktree.isMain && worktree.branch && !worktree.isDetached && worktree.head && worktree.branch !== input.base,
  );
  const landed = new Set<string>();
  if (candidates.length === 0) return landed;
  const baseRef = `refs/heads/${input.base}`;
  const [reachable, baseFacts] = await Promise.all([
    runGit({
      cwd: input.repoRoot,
      args: ["for-each-ref", `--merged=${baseRef}`, "--format=%(refname)", "refs/heads/"],
    }),
    runGit({ cwd: input.repoRoot, args: ["log", "-1", "--format=%T%x00%ct", baseRef, "--"] }),
  ]);
  const reachableBranches = new Set(
    reachable
      .split("\n")
      .filter((ref) => ref.startsWith("refs/heads/"))
      .map((ref) => ref.slice("refs/heads/".length)),
  );
  const [baseTree = "", baseTime = "0"] = baseFacts.trim().split("\0");
  const toMerge: WorktreeScan[] = [];
  for (const worktree of candidates) {
    const branch = worktree.branch!;
    if (reachableBranches.has(branch)) {
      const created = await readCreatedAt(input.commonDir, branch);
      if (created !== null && created !== worktree.head!.sha) landed.add(branch);
    } else if (Date.parse(worktree.head!.committedAt) / 1000 <= Number(baseTime)) {
      toMerge.push(worktree);
    }
  }
  if (toMerge.length === 0) return landed;
  const isTrusted = await isRepositoryTrusted(db, input.repoId);
  const drivers = isTrusted ? [] : await neutralMergeDrivers(input.repoRoot);
  for (const worktree of toMerge) {
    const merge = await runGitCommand({
      cwd: input.repoRoot,
      args: ["merge-tree", "--write-tree", "--no-messages", baseRef, `refs/heads/${worktree.branch!}`],
      okExitCodes: [1],
      allowRepositoryCode: isTrusted,
      extraConfig: drivers,
      timeoutMs: 60_000,
    });
    if (merge.exitCode === 0 && merge.stdout.toString("utf8").trim() === baseTree) landed.add(worktree.branch!);
  }
  return landed;
}

/** The commit a branch was created at: the new value of its reflog's first line (null without a reflog). */
async function readCreatedAt(commonDir: string, branch: string): Promise<string | null> {
  try {
    const log = await readFile(path.join(commonDir, "logs", "refs", "heads", ...branch.split("/")), "utf8");
    return log.split("\n")[0]?.split(" ")[1] ?? null;
  } catch {
    return null;
  }
}
