// What the policy routes send to the browser (pure types: components import them).

/** One hook handler in effect for a worktree (see readHookChain). */
export interface ChainHandler {
  level: "user" | "project" | "local";
  file: string;
  event: string;
  matcher: string;
  type: string;
  command: string;
  timeout: number | null;
  isArbor: boolean;
}

/** A recorder topic with its relays and decisions. */
export interface TopicView {
  id: number;
  title: string;
  status: string;
  updatedAt: string;
  entries: Array<{
    id: number;
    sessionId: string;
    userText: string;
    assistantText: string;
    summary: string;
    summaryKind: string;
    summaryError: string | null;
    createdAt: string;
  }>;
  /** The topic's decisions, from the ledger (ids are ledger ids; a closed one keeps its status). */
  decisions: Array<{ id: number; text: string; status: string; createdAt: string }>;
}

export interface RepoPolicyView {
  recorderEnabled: boolean;
  enforceMetaTag: boolean;
  notifierEnabled: boolean;
  stateRestoreEnabled: boolean;
  sessionStartTopics: number;
}
