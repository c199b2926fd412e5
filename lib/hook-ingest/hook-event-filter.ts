/** The filters of the timeline and the Logs page (pure: the browser builds them). */
export interface HookEventFilter {
  /** One worktree's events; `unpinned` lists events from directories outside pinned repos. */
  worktreePath?: string;
  unpinned?: boolean;
  sessionId?: string;
  eventName?: string;
  toolName?: string;
  /** Matches the one-line summary, the session id or the tool name. */
  q?: string;
  beforeId?: number;
  limit?: number;
}
