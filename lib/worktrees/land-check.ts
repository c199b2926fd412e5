import type { Db } from "@/lib/db/client.ts";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { neutralMergeDrivers } from "@/lib/git/neutral-merge-drivers.ts";
import { readStatusState } from "@/lib/git/read-worktree-state.ts";
import { runGit } from "@/lib/git/run-git.ts";
import { landBlockers } from "./land-blockers.ts";
import { locateLanding, scanOne, toScan } from "./locate-landing.ts";
import { isMergeFreeOfRepositoryCode, runLandingMerge, startSpeculativeLanding } from "./speculative-landing.ts";
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
  // The slow git work starts on a guess while the worktree list, refs and trust are read.
  let guess: ReturnType<typeof startSpeculativeLanding> | null = null;
  const { repoRoot, entries, entry, names, isTrusted, mergeDrivers } = await locateLanding(db, input, (rootPath) => {
    guess = startSpeculativeLanding({ repoRoot: rootPath, worktreePath: input.worktreePath, base: input.base });
  });
  const branch = entry.branch;
  if (!branch || entry.isDetached)
    throw new AppError("invalid_input", "This worktree is on a detached HEAD; create a branch in it before landing.");
  const base =
    input.base ??
    chooseDefaultBranch({
      branchNames: new Set(names.local.keys()),
      originHead: names.originHead,
      mainWorktreeBranch: entries[0]?.branch ?? null,
    });
  if (!base || !names.local.has(base))
    throw new AppError(
      "precondition_failed",
      base ? `The base branch ${base} does not exist. Choose another base.` : "The repository has no default branch.",
    );
  if (base === branch)
    throw new AppError("invalid_input", `This worktree is on ${base} itself; there is nothing to land.`);
  const baseEntry = entries.find((candidate) => candidate.branch === base && !candidate.isBare) ?? null;
  const guessed = guess === null ? null : await (guess as ReturnType<typeof startSpeculativeLanding>).landing;
  const isGuessRight =
    guessed !== null &&
    guessed.repoRoot === repoRoot &&
    guessed.branch === branch &&
    guessed.base === base &&
    (!isTrusted || (await isMergeFreeOfRepositoryCode(repoRoot)));
  const kept = <T>(settled: Promise<{ value: T } | { error: unknown }> | undefined, fresh: () => Promise<T>) =>
    settled ? settled.then((result) => ("value" in result ? result.value : fresh())) : fresh();
  // Independent git processes, all at once: the two statuses, the counts and the merge itself.
  const [worktree, baseWorktree, counts, merge] = await Promise.all([
    scanOne(entries, entry),
    baseEntry
      ? guessed !== null && baseEntry.path === guessed.repoRoot
        ? kept(guessed.mainStatus, () => readStatusState({ worktreePath: baseEntry.path })).then((state) =>
            toScan(entries, baseEntry, state),
          )
        : scanOne(entries, baseEntry)
      : Promise.resolve(null),
    kept(isGuessRight ? guessed.counts : undefined, () =>
      runGit({
        cwd: repoRoot,
        args: ["rev-list", "--left-right", "--count", `refs/heads/${base}...refs/heads/${branch}`],
      }),
    ),
    kept(isGuessRight ? guessed.merge : undefined, async () =>
      runLandingMerge({ repoRoot, base, branch, isTrusted, extraConfig: isTrusted ? [] : await mergeDrivers() }),
    ),
  ]);
  const blockers = landBlockers({
    branch,
    base,
    baseWorktreePath: baseWorktree?.path ?? null,
    baseChangedFiles: baseWorktree ? countChangedFiles(baseWorktree) : 0,
    branchChangedFiles: countChangedFiles(worktree),
    branchRunState: liveRunState({ repoId: input.repoId, worktreePath: worktree.path }),
    baseRunState: baseWorktree ? liveRunState({ repoId: input.repoId, worktreePath: baseWorktree.path }) : "idle",
  });
  // `base...branch` with --left-right: commits only on the base, then commits only on the branch.
  const [baseAhead = 0, commitsToLand = 0] = counts
    .trim()
    .split(/\s+/)
    .map((count) => Number.parseInt(count, 10));
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
