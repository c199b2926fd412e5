/** The selected repository and worktree live in the URL so a reload keeps them. */
export function readSelection(params: { get(name: string): string | null }): {
  repoId: string | null;
  worktreePath: string | null;
} {
  return { repoId: params.get("repo"), worktreePath: params.get("wt") };
}

export function writeSelection(selection: { repoId: string | null; worktreePath: string | null }): void {
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of [
    ["repo", selection.repoId],
    ["wt", selection.worktreePath],
  ] as const) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const query = params.toString();
  window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
}
