import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { runGit, runGitCommand } from "@/lib/git/run-git.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { parseConflictHunks, parseMergeTreeOutput } from "./conflict-hunks.ts";
import { checkLanding, neutralMergeDrivers } from "./land-check.ts";
import { describeOperation, readOperationState } from "./operation-state.ts";
import type { ConflictFile, LandingPreview } from "./worktree-types.ts";

/** At most this many conflicting files get their hunks read; the rest are counted. */
const MAX_CONFLICT_FILES = 20;
/** A conflicted file larger than this is named without hunks. */
const MAX_CONFLICT_FILE_BYTES = 512 * 1024;

/**
 * What the Land dialog shows: checkLanding's answer, the base commit it was made against (read
 * before the check, so a base that moves during it is caught when landing), and for a conflicting
 * check each file's hunks, both sides, read from the tree `git merge-tree --write-tree` wrote with
 * conflict markers (git's object store only; no worktree is touched). A rebase or merge stopped in
 * the branch's worktree is refused with what it is; one stopped in the base's worktree is a blocker.
 */
export async function previewLanding(
  db: Db,
  input: { repoId: string; worktreePath: string; base?: string },
): Promise<LandingPreview> {
  const { worktree } = await resolvePinnedWorktree(db, input);
  const own = await readOperationState(worktree.path);
  if (own) throw new AppError("conflict", describeOperation(own), { details: { operation: own } });
  const base = input.base ?? null;
  const baseCommit = base ? await readBranchCommit(worktree.path, base) : null;
  const check = await checkLanding(db, input);
  const commit = baseCommit ?? (await readBranchCommit(worktree.path, check.base));
  const blockers = [...check.blockers];
  if (check.baseWorktreePath) {
    const onBase = await readOperationState(check.baseWorktreePath);
    if (onBase) blockers.push(describeOperation(onBase));
  }
  const isLanded =
    check.status === "clean" &&
    (await isAlreadyLanded(db, { repoId: input.repoId, cwd: worktree.path, base: check.base, branch: check.branch }));
  const preview: LandingPreview = {
    ...check,
    status: isLanded ? "nothing_to_land" : check.status,
    blockers,
    baseCommit: commit,
    conflicts: [],
    moreConflictFiles: 0,
  };
  if (check.status !== "conflicts") return preview;
  const conflicts = await readConflicts(db, {
    repoId: input.repoId,
    cwd: worktree.path,
    base: check.base,
    branch: check.branch,
  });
  return { ...preview, ...conflicts };
}

export async function readBranchCommit(cwd: string, branch: string): Promise<string> {
  try {
    return (
      await runGit({ cwd, args: ["rev-parse", "--verify", "--end-of-options", `refs/heads/${branch}^{commit}`] })
    ).trim();
  } catch {
    throw new AppError("precondition_failed", `The base branch ${branch} does not exist. Choose another base.`);
  }
}

/** The conflicting files of merging branch into base, each with its hunks (bounded). */
export async function readConflicts(
  db: Db,
  input: { repoId: string; cwd: string; base: string; branch: string },
): Promise<{ conflicts: ConflictFile[]; moreConflictFiles: number }> {
  const isTrusted = await isRepositoryTrusted(db, input.repoId);
  const merge = await runGitCommand({
    cwd: input.cwd,
    args: [
      "merge-tree",
      "--write-tree",
      "-z",
      "--no-messages",
      `refs/heads/${input.base}`,
      `refs/heads/${input.branch}`,
    ],
    okExitCodes: [1],
    allowRepositoryCode: isTrusted,
    extraConfig: isTrusted ? [] : await neutralMergeDrivers(input.cwd),
    timeoutMs: 60_000,
  });
  const { tree, conflictingFiles } = parseMergeTreeOutput(merge.stdout.toString("utf8"));
  const shown = conflictingFiles.slice(0, MAX_CONFLICT_FILES);
  const conflicts = await Promise.all(
    shown.map(async (file): Promise<ConflictFile> => {
      const blob = await runGitCommand({
        cwd: input.cwd,
        args: ["cat-file", "blob", `${tree}:${file}`],
        isExitCodeChecked: false,
        maxStdoutBytes: MAX_CONFLICT_FILE_BYTES + 1,
      }).catch(() => null);
      if (!blob || blob.exitCode !== 0)
        return { path: file, hunks: [], moreHunks: 0, note: "Deleted on one side: no text hunks to show." };
      if (blob.isTruncated || blob.stdout.length > MAX_CONFLICT_FILE_BYTES)
        return { path: file, hunks: [], moreHunks: 0, note: "Too large to show its hunks here." };
      if (blob.stdout.includes(0)) return { path: file, hunks: [], moreHunks: 0, note: "Binary: no text hunks." };
      return parseConflictHunks(file, blob.stdout.toString("utf8"));
    }),
  );
  return { conflicts, moreConflictFiles: conflictingFiles.length - shown.length };
}

/**
 * True when merging the branch into the base would change nothing although the branch has commits
 * the base lacks: its work landed already, squashed or rebased (merge-tree gives the base's own tree).
 */
export async function isAlreadyLanded(
  db: Db,
  input: { repoId: string; cwd: string; base: string; branch: string },
): Promise<boolean> {
  const isTrusted = await isRepositoryTrusted(db, input.repoId);
  const [merge, baseTree] = await Promise.all([
    runGitCommand({
      cwd: input.cwd,
      args: ["merge-tree", "--write-tree", "--no-messages", `refs/heads/${input.base}`, `refs/heads/${input.branch}`],
      okExitCodes: [1],
      allowRepositoryCode: isTrusted,
      extraConfig: isTrusted ? [] : await neutralMergeDrivers(input.cwd),
      timeoutMs: 60_000,
    }),
    runGit({ cwd: input.cwd, args: ["rev-parse", `refs/heads/${input.base}^{tree}`] }),
  ]);
  return merge.exitCode === 0 && merge.stdout.toString("utf8").trim() === baseTree.trim();
}
