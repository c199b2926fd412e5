/** A message to scroll to and highlight (a search hit); the nonce makes a second click jump again. */
export interface MessageFocus {
  messageId: number;
  nonce: number;
}

/**
 * Which conversation of the open worktree is shown: null = the active one, or a session id
 * (an archived one opens read-only), plus an optional message to jump to.
 */
export interface ChatTarget {
  sessionId: string | null;
  focus: MessageFocus | null;
}

export const ACTIVE_CHAT: ChatTarget = { sessionId: null, focus: null };
