/** A worktree Arbor knows, by its resolved (real) path. */
export interface KnownWorktree {
  repoId: string;
  path: string;
}

/**
 * The worktree a hook's `cwd` belongs to: the one whose path equals `cwd` or is its longest parent
 * directory (`/a/b` matches `/a/b/src` but never `/a/bc`), or null when the session is not in any
 * known worktree ("unpinned"). Both sides must already be real paths; trailing slashes are
 * ignored. Nested worktrees resolve to the innermost one.
 */
export function matchWorktree<T extends KnownWorktree>(params: { cwd: string; worktrees: readonly T[] }): T | null {
  const cwd = trimTrailingSlashes(params.cwd);
  let best: T | null = null;
  let bestLength = -1;
  for (const worktree of params.worktrees) {
    const path = trimTrailingSlashes(worktree.path);
    if (path === "" || path.length <= bestLength) continue;
    if (cwd === path || cwd.startsWith(path === "/" ? "/" : `${path}/`)) {
      best = worktree;
      bestLength = path.length;
    }
  }
  return best;
}

function trimTrailingSlashes(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" && path.startsWith("/") ? "/" : trimmed;
}
