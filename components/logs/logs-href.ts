/** Query parameters of the Logs page (/logs). `wt` is accepted too, as the main page names it. */
interface LogsLocation {
  repoId: string | null;
  worktreePath: string | null;
  sessionId: string | null;
}

export function readLogsLocation(params: { get(name: string): string | null }): LogsLocation {
  return {
    repoId: params.get("repo"),
    worktreePath: params.get("worktree") ?? params.get("wt"),
    sessionId: params.get("session"),
  };
}

/** /logs with the given view: a worktree's timeline (repo + worktree) and/or one session. */
export function logsHref(location: Partial<LogsLocation> = {}): string {
  const params = new URLSearchParams();
  if (location.repoId) params.set("repo", location.repoId);
  if (location.worktreePath) params.set("worktree", location.worktreePath);
  if (location.sessionId) params.set("session", location.sessionId);
  const query = params.toString();
  return query ? `/logs?${query}` : "/logs";
}

/** The main page with a worktree open (its `repo` and `wt` parameters). */
export function chatHref(location: { repoId: string | null; worktreePath: string | null }): string {
  const params = new URLSearchParams();
  if (location.repoId) params.set("repo", location.repoId);
  if (location.worktreePath) params.set("wt", location.worktreePath);
  const query = params.toString();
  return query ? `/?${query}` : "/";
}
