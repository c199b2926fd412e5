import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { runGitCommand } from "@/lib/git/run-git.ts";
import { parseConflictHunks } from "./conflict-hunks.ts";
import { checkLandingBlockers, checkLandingConflicts } from "./land-check.ts";
import { describeOperation, readOperationState } from "./operation-state.ts";
import type { ConflictFile, LandBlockers, LandConflictCheck, LandingPreview } from "./worktree-types.ts";

/** At most this many conflicting files get their hunks read; the rest are counted. */
const MAX_CONFLICT_FILES = 20;
/** A conflicted file larger than this is named without hunks. */
const MAX_CONFLICT_FILE_BYTES = 512 * 1024;

/**
 * What the Land dialog shows first: the conflict pre-check (checkLandingConflicts) and, when it
 * conflicts, each file's hunks, both sides, read from the tree `git merge-tree --write-tree` wrote
 * with conflict markers (git's object store only; no worktree is touched). A rebase or merge
 * stopped in the branch's worktree is refused with what it is. What must happen first comes from
 * previewLandingBlockers, asked at the same time.
 */
export async function previewLanding(
  db: Db,
  input: { repoId: string; worktreePath: string; base?: string },
): Promise<LandingPreview> {
  const check = await checkLandingConflicts(db, input);
  const own = await readOperationState(check.worktreePath);
  if (own) throw new AppError("conflict", describeOperation(own), { details: { operation: own } });
  const preview: LandingPreview = { ...check, conflicts: [], moreConflictFiles: 0 };
  if (check.status !== "conflicts") return preview;
  return { ...preview, ...(await readConflictHunks({ cwd: check.worktreePath, check })) };
}

/** What must happen before landing (checkLandingBlockers), a rebase or merge stopped in either worktree included. */
export async function previewLandingBlockers(
  db: Db,
  input: { repoId: string; worktreePath: string; base?: string },
): Promise<LandBlockers> {
  return checkLandingBlockers(db, input);
}

/** The conflicting files of a pre-check, each with its hunks (bounded), from the tree its merge wrote. */
async function readConflictHunks(input: {
  cwd: string;
  check: LandConflictCheck;
}): Promise<{ conflicts: ConflictFile[]; moreConflictFiles: number }> {
  const { mergeTree: tree, conflictingFiles, conflictingFileCount } = input.check;
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
  return { conflicts, moreConflictFiles: conflictingFileCount - shown.length };
}
