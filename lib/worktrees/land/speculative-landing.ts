import path from "node:path";
import type { WorktreeState } from "@/lib/git/parse/build-worktree-scan.ts";
import { readRepositoryConfigNames } from "@/lib/git/safety/local-git-config.ts";
import { neutralMergeDrivers } from "@/lib/git/run/neutral-merge-drivers.ts";
import { locateWorktreeFromFiles } from "@/lib/git/read/locate-worktree-from-files.ts";
import { readCommonDir, readRefFromFiles } from "@/lib/git/read/read-head-from-files.ts";
import { readStatusState } from "@/lib/git/read/read-worktree-state.ts";
import { readGitOutput, runGit, runGitCommand, type GitCommandResult } from "@/lib/git/run/run-git.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { shellWord } from "@/lib/worktrees/shell-word.ts";

export type Settled<T> = { value: T } | { error: unknown };

export const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

/** What merging a branch's commit into a base commit gives, from git's object store only. */
export interface LandingMerge {
  baseCommit: string;
  branchCommit: string;
  /** `git merge-tree --write-tree -z` of the two commits (exit 1: conflicts): the tree, then the conflicted entries. */
  merge: GitCommandResult;
  /**
   * Commits only on the base and only on the branch, and the base commit's tree (a clean merge that
   * gives it back means the branch has landed already): read only when the merge is clean, where
   * they tell a fast-forward, a merge commit and "already landed" apart; null when it conflicts.
   */
  clean: { baseAhead: number; commitsToLand: number; baseTree: string } | null;
}

/**
 * The land check's git work, started before the worktree list, refs and trust are known: the branch
 * in the worktree's HEAD file, the guessed base (asked for, else `main`), both commits from ref files,
 * and their merge run as untrusted. Nothing runs in the folder, guessed only when git's files link it
 * (locateWorktreeFromFiles). The result is kept only if the guess holds, else rerun. The main
 * worktree's status is started too when blockers are wanted.
 */
export interface SpeculativeLanding {
  repoRoot: string;
  branch: string | null;
  base: string;
  landing: Promise<Settled<LandingMerge>> | null;
  mainStatus: Promise<Settled<WorktreeState>> | null;
}

export function startSpeculativeLanding(input: {
  repoRoot: string;
  worktreePath: string;
  base: string | undefined;
  withMerge: boolean;
  withMainStatus: boolean;
}): SpeculativeLanding {
  const base = input.base ?? "main";
  const mainStatus = input.withMainStatus ? settle(readStatusState({ worktreePath: input.repoRoot })) : null;
  // Only a worktree git links to this repository is guessed at (its branch from its HEAD file).
  const branch =
    locateWorktreeFromFiles({ repoRoot: input.repoRoot, worktreePath: input.worktreePath })?.branch ?? null;
  return {
    repoRoot: input.repoRoot,
    branch,
    base,
    mainStatus,
    landing: !input.withMerge
      ? null
      : branch
        ? settle(
            neutralMergeDrivers(input.repoRoot).then((extraConfig) =>
              runLandingGit({ repoRoot: input.repoRoot, base, branch, isTrusted: false, extraConfig }),
            ),
          )
        : Promise.resolve({ error: new Error("no branch") }),
  };
}

/**
 * Merges `branch` into `base` in git's object store, then, when that is clean, counts both sides.
 * The two commits are read first (from the ref files when they can say, else one `rev-parse`) and
 * every command then names commits, not refs: the answer and the base commit it reports agree
 * even if a branch moves meanwhile (landing then refuses a base that moved since).
 */
export async function runLandingGit(input: {
  repoRoot: string;
  /** The repository's common git dir when already known (saves finding it again). */
  commonDir?: string;
  base: string;
  branch: string;
  isTrusted: boolean;
  extraConfig: string[];
}): Promise<LandingMerge> {
  const { baseCommit, branchCommit } = await resolveLandingCommits(input);
  const merge = await runGitCommand({
    cwd: input.repoRoot,
    // With its messages: they tell a rename on both sides, or a rename and a delete, apart (conflict-notes.ts).
    args: ["merge-tree", "--write-tree", "-z", "--messages", baseCommit, branchCommit],
    okExitCodes: [1],
    allowRepositoryCode: input.isTrusted,
    extraConfig: input.extraConfig,
    timeoutMs: 60_000,
  }).catch(async (error: unknown) => {
    if (!/unrelated histories/.test(readGitOutput(error))) throw error;
    // A shallow clone may just lack the commit the two share (asked of git: a bare repository has no `.git`).
    const isShallow = await runGit({ cwd: input.repoRoot, args: ["rev-parse", "--is-shallow-repository"] })
      .then((answer) => answer.trim() === "true")
      .catch(() => false);
    throw new AppError(
      "precondition_failed",
      isShallow
        ? `git finds no commit that ${input.branch} and ${input.base} share: this clone is shallow and may not have it. Fetch the rest of the history (\`git fetch --unshallow\`), then check again.`
        : `${input.branch} and ${input.base} have no commit in common (unrelated histories), so Arbor cannot land one into the other. If that is what you want, merge it in a terminal, in the ${input.base} worktree: \`git merge --allow-unrelated-histories ${shellWord(input.branch)}\`.`,
      { cause: error },
    );
  });
  if (merge.exitCode === 1) return { baseCommit, branchCommit, merge, clean: null };
  const [counts, baseTree] = await Promise.all([
    runGit({ cwd: input.repoRoot, args: ["rev-list", "--left-right", "--count", `${baseCommit}...${branchCommit}`] }),
    runGit({ cwd: input.repoRoot, args: ["rev-parse", "--verify", `${baseCommit}^{tree}`] }),
  ]);
  // `base...branch` with --left-right: commits only on the base, then commits only on the branch.
  const [baseAhead = 0, commitsToLand = 0] = counts
    .trim()
    .split(/\s+/)
    .map((count) => Number.parseInt(count, 10));
  return { baseCommit, branchCommit, merge, clean: { baseAhead, commitsToLand, baseTree: baseTree.trim() } };
}

async function resolveLandingCommits(input: {
  repoRoot: string;
  commonDir?: string;
  base: string;
  branch: string;
}): Promise<{ baseCommit: string; branchCommit: string }> {
  // A pinned repository is its main worktree: its `.git` folder is the common dir (anything else: git is asked).
  const commonDir = input.commonDir ?? readCommonDir(path.join(input.repoRoot, ".git"));
  const baseCommit = readRefFromFiles(commonDir, `refs/heads/${input.base}`);
  const branchCommit = readRefFromFiles(commonDir, `refs/heads/${input.branch}`);
  if (baseCommit && branchCommit) return { baseCommit, branchCommit };
  const [base = "", branch = ""] = (
    await runGit({
      cwd: input.repoRoot,
      // Both start with refs/heads/, never a dash; git 2.39's rev-parse would print an
      // --end-of-options back as the first line and shift the answers.
      args: ["rev-parse", `refs/heads/${input.base}^{commit}`, `refs/heads/${input.branch}^{commit}`],
    })
  )
    .trim()
    .split("\n");
  return { baseCommit: base, branchCommit: branch };
}

/**
 * Whether a merge run as for an untrusted repository gives the same answer a trusted run would:
 * true when the repository's config names no merge driver and no filter (the only repository code a
 * merge-tree can reach).
 */
export async function isMergeFreeOfRepositoryCode(repoRoot: string): Promise<boolean> {
  const names = await readRepositoryConfigNames(repoRoot);
  return names.filterNames.length === 0 && names.mergeDriverNames !== null && names.mergeDriverNames.length === 0;
}
