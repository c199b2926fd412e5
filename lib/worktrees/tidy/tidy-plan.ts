import type { TidyAction, TidyOptions, TidyWorktree } from "@/lib/worktrees/ship-types.ts";

/**
 * What Reclaim would do, worktree by worktree (pure): a merged worktree the safe removal allows
 * is removed whole; otherwise an idle worktree's dependency folders are deleted, except those
 * holding a git repository of their own. The main
 * worktree and anything not idle (a run, a recent session, an uncommitted change) are left alone.
 */
export function planTidy(worktrees: readonly TidyWorktree[], options: TidyOptions): TidyAction[] {
  const actions: TidyAction[] = [];
  for (const worktree of worktrees) {
    if (worktree.isMain) continue;
    const base = { worktreePath: worktree.worktreePath, branch: worktree.branch };
    if (options.removeMerged && worktree.isMerged && worktree.blockers.length === 0) {
      actions.push({ ...base, kind: "remove_worktree", folders: ["."], bytes: worktree.bytes });
      continue;
    }
    // A dependency folder holding a repository of its own (someone's clone) is kept.
    const deletable = worktree.dependencies.filter((folder) => folder.repository === null);
    if (options.deleteDependencies && worktree.isIdle && deletable.length > 0) {
      actions.push({
        ...base,
        kind: "delete_dependencies",
        folders: deletable.map((folder) => folder.path),
        bytes: deletable.reduce((sum, folder) => sum + folder.bytes, 0),
      });
    }
  }
  return actions;
}

/** Said of an action whose worktree is gone since the preview. */
export const WORKTREE_GONE = "The worktree is no longer there (removed or moved since the preview).";

/**
 * Why a previewed removal must not run now, given the worktree as it is now (null when it still
 * may): it is gone, became busy or dirty, or stopped being merged. (Dependency folders are looked
 * at again by reclaim-dependencies.ts, under the worktree's hold.)
 */
export function recheckTidyRemoval(now: TidyWorktree | undefined): string | null {
  if (!now) return WORKTREE_GONE;
  if (now.isMain) return "The main worktree is never tidied.";
  if (now.blockers.length > 0) return now.blockers.join(" ");
  if (!now.isMerged) return `${now.branch ?? "Its HEAD"} has commits the base does not have now.`;
  return null;
}
