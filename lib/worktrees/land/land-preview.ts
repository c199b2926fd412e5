import type { WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { checkLandingBlockers, checkLandingConflicts } from "./land-check.ts";
import { describeOperation, readOperationState } from "./operation-state.ts";
import { readConflictFiles } from "@/lib/worktrees/conflicts/read-conflict-files.ts";
import type { LandBlockers, LandingPreview } from "@/lib/worktrees/worktree-types.ts";

/** At most this many conflicting files get their hunks read; the rest are counted. */
const MAX_CONFLICT_FILES = 20;

/**
 * What the Land dialog shows first: the conflict pre-check (checkLandingConflicts) and, when it
 * conflicts, each file's hunks, both sides, read from the tree `git merge-tree --write-tree` wrote
 * with conflict markers (git's object store only; no worktree is touched). A rebase or merge
 * stopped in the branch's worktree is refused with what it is. What must happen first comes from
 * previewLandingBlockers, asked at the same time.
 */
export async function previewLanding(
  ctx: WorktreeContext,
  input: { repoId: string; worktreePath: string; base?: string },
): Promise<LandingPreview> {
  const found = await checkLandingConflicts(ctx, input);
  const { check } = found;
  const own = await readOperationState(check.worktreePath);
  if (own) throw new AppError("conflict", describeOperation(own), { details: { operation: own } });
  const preview: LandingPreview = { ...check, conflicts: [], moreConflictFiles: 0 };
  if (check.status !== "conflicts") return preview;
  const shown = found.conflicts.slice(0, MAX_CONFLICT_FILES);
  const conflicts = await readConflictFiles({
    repoRoot: found.repoRoot,
    tree: check.mergeTree,
    conflicts: shown,
    names: { base: check.base, branch: check.branch },
    labels: found.labels,
    isTrusted: found.isTrusted,
  });
  return { ...preview, conflicts, moreConflictFiles: check.conflictingFileCount - shown.length };
}

/** What must happen before landing (checkLandingBlockers), a rebase or merge stopped in either worktree included. */
export async function previewLandingBlockers(
  ctx: WorktreeContext,
  input: { repoId: string; worktreePath: string; base?: string },
): Promise<LandBlockers> {
  return checkLandingBlockers(ctx, input);
}
