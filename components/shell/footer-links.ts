/**
 * Where the sidebar's links go for the main page's query string: Logs opens the selected
 * worktree's timeline (it reads `repo` and `wt`), Project the selected repository, and Settings
 * gets the selection for its "Back" link.
 */
export function footerLinks(search: string): { logs: string; project: string; settings: string } {
  const query = search.startsWith("?") ? search.slice(1) : search;
  const repoId = new URLSearchParams(query).get("repo");
  return {
    logs: query ? `/logs?${query}` : "/logs",
    project: repoId ? `/project?repo=${encodeURIComponent(repoId)}` : "/project",
    settings: query ? `/settings?from=${encodeURIComponent(`?${query}`)}` : "/settings",
  };
}
