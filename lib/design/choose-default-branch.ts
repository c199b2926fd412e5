/**
 * Picks the trunk among the local branches: the branch `origin/HEAD` points at, else `main`,
 * else `master`, else the branch checked out in the main worktree; null when none exists locally.
 */
export function chooseDefaultBranch({
  branchNames,
  originHead,
  mainWorktreeBranch,
}: {
  branchNames: ReadonlySet<string>;
  originHead: string | null;
  mainWorktreeBranch: string | null;
}): string | null {
  for (const candidate of [originHead, "main", "master", mainWorktreeBranch]) {
    if (candidate && branchNames.has(candidate)) return candidate;
  }
  return null;
}
