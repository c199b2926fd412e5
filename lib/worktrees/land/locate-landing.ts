import { readFileSync } from "node:fs";
import { realpath } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { buildWorktreeScan, type WorktreeState } from "@/lib/git/parse/build-worktree-scan.ts";
import { neutralMergeDrivers } from "@/lib/git/run/neutral-merge-drivers.ts";
import type { WorktreeListEntry } from "@/lib/git/parse/parse-worktree-list.ts";
import { parseBranchNames, type BranchNames } from "@/lib/git/read/read-branch-names.ts";
import { readStatusState } from "@/lib/git/read/read-worktree-state.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import { explainRepositoryError } from "@/lib/git/run/explain-repository-error.ts";
import { listWorktreeEntries } from "@/lib/git/read/list-worktree-entries.ts";
import { locateWorktreeFromFiles } from "@/lib/git/read/locate-worktree-from-files.ts";
import { readRefFromFiles } from "@/lib/git/read/read-head-from-files.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";

/**
 * What a land check starts from, read in parallel instead of scanning every worktree: the
 * repository's worktree list (the worktree must be one of them, compared by real path, as
 * resolvePinnedWorktree does), its branch names, whether it is trusted and, if not, the merge
 * drivers to switch off. Statuses are read later, only for the two worktrees concerned (scanOne).
 */
export async function locateLanding(
  db: Db,
  input: { repoId: string; worktreePath: string; base?: string },
  /** Told the pinned repository's folder as soon as it is known (the land check starts its guesses there). */
  onRepoRoot?: (rootPath: string) => void,
): Promise<{
  repoRoot: string;
  entries: WorktreeListEntry[];
  entry: WorktreeListEntry;
  names: BranchNames;
  isTrusted: boolean;
  mergeDrivers: () => Promise<string[]>;
}> {
  const repo = await findPinnedRepo(db, input);
  onRepoRoot?.(repo.rootPath);
  const mergeDrivers = readMergeDriversAside(repo.rootPath);
  const [entries, names, isTrusted, wanted] = await Promise.all([
    listWorktreeEntries({ cwd: repo.rootPath }).catch((error: unknown) => {
      throw explainRepositoryError({ error, path: repo.rootPath });
    }),
    readLandingRefs(repo.rootPath, input.base),
    isRepositoryTrusted(db, input.repoId),
    realPathOrNull(input.worktreePath),
  ]);
  let entry: WorktreeListEntry | null = null;
  for (const candidate of entries) {
    if (candidate.isBare) continue;
    if (wanted !== null && (await realPathOrNull(candidate.path)) === wanted) {
      entry = candidate;
      break;
    }
  }
  if (!entry || !entries[0])
    throw new AppError(
      "invalid_input",
      `"${input.worktreePath}" is not a worktree of ${repo.name}. Only worktrees listed by git for a pinned repository can be opened; rescan and pick one from the list.`,
    );
  // A branch checked out in a worktree, with a commit, exists; so does origin/HEAD's when read.
  for (const listed of entries) if (listed.branch && listed.head) names.local.set(listed.branch, "");
  if (names.originHead && !names.local.has(names.originHead))
    for (const [name, upstream] of (await readLandingRefs(repo.rootPath, names.originHead)).local)
      names.local.set(name, upstream);
  return { repoRoot: entries[0].path, entries, entry, names, isTrusted, mergeDrivers };
}

/**
 * locateLanding for the conflict pre-check, without a git process: the worktree found from the
 * files git links worktrees with (locateWorktreeFromFiles) and the refs read from the ref files.
 * null when the files cannot say (an unusual layout, a detached HEAD, packed symbolic refs...):
 * locateLanding then asks git, and says what is wrong if anything is.
 */
export async function locateLandingFromFiles(
  db: Db,
  input: { repoId: string; worktreePath: string; base?: string },
  onRepoRoot?: (rootPath: string) => void,
): Promise<{
  repoRoot: string;
  commonDir: string;
  worktreePath: string;
  branch: string;
  mainBranch: string | null;
  names: BranchNames;
  isTrusted: boolean;
  mergeDrivers: () => Promise<string[]>;
} | null> {
  const repo = await findPinnedRepo(db, input);
  onRepoRoot?.(repo.rootPath);
  const mergeDrivers = readMergeDriversAside(repo.rootPath);
  const trusted = isRepositoryTrusted(db, input.repoId);
  const found = locateWorktreeFromFiles({ repoRoot: repo.rootPath, worktreePath: input.worktreePath });
  const isTrusted = await trusted;
  if (!found?.branch) return null;
  const names = readLandingRefsFromFiles(found.commonDir, input.base);
  if (!names) return null;
  return {
    repoRoot: repo.rootPath,
    commonDir: found.commonDir,
    worktreePath: found.path,
    branch: found.branch,
    mainBranch: found.mainBranch,
    names,
    isTrusted,
    mergeDrivers,
  };
}

/** The pinned repository a land check is about (refused, with what to do, when it is not pinned or not this instance's). */
async function findPinnedRepo(db: Db, input: { repoId: string; worktreePath: string }) {
  if (!path.isAbsolute(input.worktreePath))
    throw new AppError(
      "invalid_input",
      `"${input.worktreePath}" is not an absolute path. Choose a worktree from the list.`,
    );
  const repo = await db.repo.findUnique({ where: { id: input.repoId }, include: { pins: true } });
  if (!repo || repo.pins.length === 0)
    throw new AppError("not_found", "That repository is not pinned. Pin it from the left column first.");
  return repo;
}

/** The merge drivers to switch off, read alongside the rest; only awaited (and its errors only raised) when the repository is not trusted. */
function readMergeDriversAside(repoRoot: string): () => Promise<string[]> {
  const drivers = neutralMergeDrivers(repoRoot).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return async () => {
    const result = await drivers;
    if ("error" in result) throw result.error;
    return result.value;
  };
}

/**
 * readLandingRefs from the ref files: which of origin/HEAD's branch, main, master and the base
 * exist. undefined when a file cannot say (a reftable repository, a malformed ref): ask git.
 */
function readLandingRefsFromFiles(commonDir: string, base: string | undefined): BranchNames | undefined {
  let originHeadFile: string | null;
  try {
    originHeadFile = readFileSync(path.join(commonDir, "refs/remotes/origin/HEAD"), "utf8");
  } catch (error) {
    originHeadFile = (error as NodeJS.ErrnoException).code === "ENOENT" ? "" : null;
  }
  if (originHeadFile === null) return undefined;
  const originRef = /^ref: refs\/remotes\/origin\/(\S+)\s*$/.exec(originHeadFile)?.[1] ?? null;
  if (originHeadFile !== "" && originRef === null) return undefined;
  const names: BranchNames = { local: new Map(), remote: [], originHead: originRef };
  const candidates = [
    ...new Set(["main", "master", ...(base === undefined ? [] : [base]), ...(originRef ? [originRef] : [])]),
  ];
  for (const name of candidates) {
    const commit = readRefFromFiles(commonDir, `refs/heads/${name}`);
    if (commit === undefined) return undefined;
    if (commit !== null) names.local.set(name, "");
  }
  return names;
}

/**
 * The refs a land check can need, instead of every branch of the repository (a for-each-ref of
 * hundreds of loose refs costs as much as the merge itself): origin/HEAD, main, master and the
 * requested base. `local` holds those of them that exist.
 */
async function readLandingRefs(repoRoot: string, base: string | undefined): Promise<BranchNames> {
  const patterns = ["refs/remotes/origin/HEAD", "refs/heads/main", "refs/heads/master"];
  if (base !== undefined) patterns.push(`refs/heads/${base}`);
  const output = await runGit({
    cwd: repoRoot,
    args: ["for-each-ref", "--format=%(refname)%00%(upstream:short)%00%(symref)", ...patterns],
  });
  return parseBranchNames(output);
}

/** One listed worktree's scan (its status only): what the blockers count. */
export async function scanOne(entries: WorktreeListEntry[], entry: WorktreeListEntry): Promise<WorktreeScan> {
  return toScan(entries, entry, await readStatusState({ worktreePath: entry.path }));
}

/** scanOne from a status already read. */
export function toScan(entries: WorktreeListEntry[], entry: WorktreeListEntry, state: WorktreeState): WorktreeScan {
  return buildWorktreeScan({ entry, isMain: entries[0] === entry, state, head: null });
}

async function realPathOrNull(target: string): Promise<string | null> {
  try {
    return await realpath(target);
  } catch {
    return null;
  }
}
