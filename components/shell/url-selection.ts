/**
 * The selected repository, worktree and plan live in the URL (`?repo=&wt=&plan=`), so a reload,
 * a link from Settings or a notification, and the browser's Back and Forward all land on the
 * same place. Each change of selection is one history entry.
 */
export interface Selection {
  repoId: string | null;
  worktreePath: string | null;
  planId: string | null;
}

const PARAMS = { repoId: "repo", worktreePath: "wt", planId: "plan" } as const satisfies Record<
  keyof Selection,
  string
>;

export function readSelection(params: { get(name: string): string | null }): Selection {
  return {
    repoId: params.get(PARAMS.repoId),
    worktreePath: params.get(PARAMS.worktreePath),
    planId: params.get(PARAMS.planId),
  };
}

/** The query string for `selection`, keeping any other parameters of `search` as they are. */
export function selectionQuery(search: string, selection: Selection): string {
  const params = new URLSearchParams(search);
  for (const [field, name] of Object.entries(PARAMS) as Array<[keyof Selection, string]>) {
    const value = selection[field];
    if (value) params.set(name, value);
    else params.delete(name);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Record `selection` as a new history entry (nothing when the URL already says it). */
export function writeSelection(selection: Selection): void {
  const query = selectionQuery(window.location.search, selection);
  if (query === window.location.search) return;
  window.history.pushState(null, "", query || window.location.pathname);
}
