import { readFile } from "node:fs/promises";
import path from "node:path";
import type { WorktreeState } from "@/lib/git/build-worktree-scan.ts";
import { readRepositoryConfigNames } from "@/lib/git/local-git-config.ts";
import { neutralMergeDrivers } from "@/lib/git/neutral-merge-drivers.ts";
import { parseHeadFile } from "@/lib/git/read-head-from-files.ts";
import { readStatusState } from "@/lib/git/read-worktree-state.ts";
import { runGit, runGitCommand, type GitCommandResult } from "@/lib/git/run-git.ts";

type Settled<T> = { value: T } | { error: unknown };

const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

/**
 * The land check's slow git work started before the worktree list and refs have said what it
 * is about: the branch named by the worktree's HEAD file, the base guessed (the one asked for, else
 * `main`), the counts and the merge (run as for an untrusted repository: merge drivers off, no
 * repository code), and the status of the pinned repository's main worktree (where the base is
 * usually checked out). Nothing runs inside the unchecked folder: only its HEAD file is read, and
 * the branch name it gives is used as `refs/heads/<name>`. checkLanding keeps each result only when
 * what it then knows matches the guess, and otherwise runs that part again.
 */
export interface SpeculativeLanding {
  repoRoot: string;
  branch: string | null;
  base: string;
  counts: Promise<Settled<string>>;
  merge: Promise<Settled<GitCommandResult>>;
  mainStatus: Promise<Settled<WorktreeState>>;
}

export function startSpeculativeLanding(input: { repoRoot: string; worktreePath: string; base: string | undefined }): {
  branch: Promise<string | null>;
  landing: Promise<SpeculativeLanding>;
} {
  const base = input.base ?? "main";
  const mainStatus = settle(readStatusState({ worktreePath: input.repoRoot }));
  const branch = readBranchFromFiles(input.worktreePath);
  const landing = branch.then((name) => {
    const counts = name
      ? settle(
          runGit({
            cwd: input.repoRoot,
            args: ["rev-list", "--left-right", "--count", `refs/heads/${base}...refs/heads/${name}`],
          }),
        )
      : Promise.resolve({ error: new Error("no branch") });
    const merge = name
      ? settle(
          neutralMergeDrivers(input.repoRoot).then((extraConfig) =>
            runLandingMerge({ repoRoot: input.repoRoot, base, branch: name, isTrusted: false, extraConfig }),
          ),
        )
      : Promise.resolve({ error: new Error("no branch") });
    return { repoRoot: input.repoRoot, branch: name, base, counts, merge, mainStatus };
  });
  return { branch, landing };
}

/** `git merge-tree --write-tree` of the base and the branch, naming conflicting files (exit 1 = conflicts). */
export function runLandingMerge(input: {
  repoRoot: string;
  base: string;
  branch: string;
  isTrusted: boolean;
  extraConfig: string[];
}): Promise<GitCommandResult> {
  return runGitCommand({
    cwd: input.repoRoot,
    args: [
      "merge-tree",
      "--write-tree",
      "-z",
      "--name-only",
      "--no-messages",
      `refs/heads/${input.base}`,
      `refs/heads/${input.branch}`,
    ],
    okExitCodes: [1],
    allowRepositoryCode: input.isTrusted,
    extraConfig: input.extraConfig,
    timeoutMs: 60_000,
  });
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

/** The branch a worktree's HEAD file names (`ref: refs/heads/x`), or null (detached, unreadable, not a worktree). */
async function readBranchFromFiles(worktreePath: string): Promise<string | null> {
  try {
    const dotGit = path.join(worktreePath, ".git");
    const pointer = await readFile(dotGit, "utf8").catch(() => null);
    const match = pointer === null ? null : /^gitdir: (.+)$/m.exec(pointer);
    const gitDir = match?.[1] ? path.resolve(worktreePath, match[1].trim()) : dotGit;
    const head = parseHeadFile(await readFile(path.join(gitDir, "HEAD"), "utf8"));
    return head && "ref" in head ? head.ref.slice("refs/heads/".length) : null;
  } catch {
    return null;
  }
}
