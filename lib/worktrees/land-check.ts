import type { Db } from "@/lib/db/client.ts";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { neutralMergeDrivers } from "@/lib/git/neutral-merge-drivers.ts";
import { readBranchNames } from "@/lib/git/read-branch-names.ts";
import { runGit, runGitCommand } from "@/lib/git/run-git.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { landBlockers } from "./land-blockers.ts";
import { countChangedFiles, liveRunState } from "./worktree-facts.ts";
import type { LandCheck } from "./worktree-types.ts";

/** Kept here too: land-worktree.ts imports it from this module. */
export { neutralMergeDrivers };

/**
 * What landing a worktree's branch into its base (the default branch unless given) would do,
 * without touching any worktree or ref: `git merge-tree --write-tree` merges in git's object store
 * only and names the conflicting files; the blockers say what must happen first (uncommitted
 * changes in either worktree, a run in either, no worktree on the base). In a repository the user
 * has not trusted, the repository's own merge drivers are replaced by `false` (a file that needs one
 * counts as conflicting) so no program of the repository runs.
 */
export async function checkLanding(
  db: Db,
  input: { repoId: string; worktreePath: string; base?: string },
): Promise<LandCheck> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const scan = await scanPinnedRepo(db, { repoId: input.repoId });
  const branch = worktree.branch;
  if (!branch || worktree.isDetached)
    throw new AppError("invalid_input", "This worktree is on a detached HEAD; create a branch in it before landing.");
  const names = await readBranchNames(scan.repoRoot);
  const base =
    input.base ??
    chooseDefaultBranch({
      branchNames: new Set(names.local.keys()),
      originHead: names.originHead,
      mainWorktreeBranch: scan.worktrees.find((candidate) => candidate.isMain)?.branch ?? null,
    });
  if (!base || !names.local.has(base))
    throw new AppError(
      "precondition_failed",
      base ? `The base branch ${base} does not exist. Choose another base.` : "The repository has no default branch.",
    );
  if (base === branch)
    throw new AppError("invalid_input", `This worktree is on ${base} itself; there is nothing to land.`);
  const baseWorktree = scan.worktrees.find((candidate) => candidate.branch === base) ?? null;
  const blockers = landBlockers({
    branch,
    base,
    baseWorktreePath: baseWorktree?.path ?? null,
    baseChangedFiles: baseWorktree ? countChangedFiles(baseWorktree) : 0,
    branchChangedFiles: countChangedFiles(worktree),
    branchRunState: liveRunState({ repoId: input.repoId, worktreePath: worktree.path }),
    baseRunState: baseWorktree ? liveRunState({ repoId: input.repoId, worktreePath: baseWorktree.path }) : "idle",
  });
  const commitsToLand = Number.parseInt(
    await runGit({ cwd: scan.repoRoot, args: ["rev-list", "--count", `refs/heads/${base}..refs/heads/${branch}`] }),
    10,
  );
  const baseAhead = Number.parseInt(
    await runGit({ cwd: scan.repoRoot, args: ["rev-list", "--count", `refs/heads/${branch}..refs/heads/${base}`] }),
    10,
  );
  const isTrusted = await isRepositoryTrusted(db, input.repoId);
  const merge = await runGitCommand({
    cwd: scan.repoRoot,
    args: [
      "merge-tree",
      "--write-tree",
      "-z",
      "--name-only",
      "--no-messages",
      `refs/heads/${base}`,
      `refs/heads/${branch}`,
    ],
    okExitCodes: [1],
    allowRepositoryCode: isTrusted,
    extraConfig: isTrusted ? [] : await neutralMergeDrivers(scan.repoRoot),
    timeoutMs: 60_000,
  });
  const [, ...files] = merge.stdout.toString("utf8").split("\0");
  const conflictingFiles = merge.exitCode === 1 ? files.filter((file) => file !== "") : [];
  return {
    worktreePath: worktree.path,
    branch,
    base,
    baseWorktreePath: baseWorktree?.path ?? null,
    blockers,
    status: commitsToLand === 0 ? "nothing_to_land" : conflictingFiles.length > 0 ? "conflicts" : "clean",
    conflictingFiles,
    commitsToLand,
    baseAhead,
  };
}
