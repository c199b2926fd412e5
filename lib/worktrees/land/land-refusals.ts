import { AppError } from "@/lib/errors/app-error.ts";
import { nameFiles } from "@/lib/worktrees/name-files.ts";
import type { LandCheck, LandMethod } from "@/lib/worktrees/worktree-types.ts";

/**
 * Throws, saying why and what to do, unless the check allows landing with the chosen method. Pure;
 * a refusal names at most a few files (nameFiles), whatever the number that conflict.
 */
export function assertLandable(check: LandCheck, input: { method: LandMethod; baseCommit?: string }): void {
  const { branch, base } = check;
  if (input.baseCommit !== undefined) {
    const now = check.baseCommit;
    if (now !== input.baseCommit)
      throw new AppError(
        "conflict",
        `${base} moved since the preview (it was at ${input.baseCommit.slice(0, 7)}, it is now at ${now.slice(0, 7)}), so ${branch} was not landed. Check again to preview landing into the new ${base}, then land.`,
        { details: { isBaseMoved: true, baseCommit: now } },
      );
  }
  if (check.blockers.length > 0)
    throw new AppError("conflict", `${branch} was not landed: ${check.blockers.join(" ")}`, {
      details: { blockers: check.blockers },
    });
  if (check.status === "nothing_to_land")
    throw new AppError(
      "conflict",
      check.commitsToLand === 0
        ? `${base} already has every commit of ${branch}; there is nothing to land.`
        : `${base} already has all of ${branch}'s changes (it was squashed or rebased in); there is nothing to land.`,
      { details: { isNothingToLand: true } },
    );
  if (check.status === "conflicts") {
    const count = check.conflictingFileCount;
    const files = nameFiles({ files: check.conflictingFiles, total: count });
    throw new AppError(
      "conflict",
      `${branch} was not landed: merging it into ${base} would conflict in ${count === 1 ? files : `${count} files (${files})`}. Merge ${base} into the branch in its worktree and resolve the conflicts there first.`,
      { details: { conflictingFiles: check.conflictingFiles, conflictingFileCount: count } },
    );
  }
  if (input.method === "fast-forward" && (check.baseAhead ?? 0) > 0)
    throw new AppError(
      "precondition_failed",
      `${base} has ${check.baseAhead} ${check.baseAhead === 1 ? "commit" : "commits"} that ${branch} lacks, so it cannot fast-forward. Rebase the branch onto ${base} in its worktree first, or land it with a merge commit.`,
    );
}
