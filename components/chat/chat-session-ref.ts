/** The conversation a message belongs to, as the message list and its rows need it. */
export interface ChatSessionRef {
  sessionId: string;
  repoId: string;
  /** With the worktree, finished answers offer "Changes by this run" and "Restore to before this run". */
  worktreePath?: string;
  /** Git no longer lists the worktree: its answers keep their text and receipts but offer nothing to act on. */
  isWorktreeRemoved?: boolean;
}
