// What the ledger routes send to the browser and the prompt reads (pure types and constants:
// components import them).

export const LEDGER_KINDS = ["decision", "task"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * proposed: captured by Arbor (a sentence that reads as a decision or a task, an answer's tag, a summary, a
 * Claude Code session) and not yet confirmed by the user; prompts carry it apart, never as a decision.
 * open: a decision in force, a task still to do (the user made or confirmed it). dismissed: a proposal the
 * user turned down. The others close an entry; nothing deletes one.
 */
export const LEDGER_STATUSES = ["proposed", "open", "done", "superseded", "dropped", "dismissed"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** Which prompts carry an entry: one worktree's, a design node's, a plan's, or the whole repository's. */
export const LEDGER_SCOPES = ["worktree", "node", "plan", "repo"] as const;
export type LedgerScope = (typeof LEDGER_SCOPES)[number];

/** Who acts on an entry. Only the user closes, reopens, supersedes or edits; a model may close a task with evidence. */
export type LedgerActor = "user" | "model" | "recorder" | "arbor";

/** capture: a statement Arbor read as a decision or task in a message (capture-statements.ts). */
export type LedgerOrigin = "user" | "model" | "tag" | "recorder" | "capture";

/** How an entry was made: /decide or /todo, a marked message or selection, the panel, a summary, an answer's tag, a hook, the migration. */
export type LedgerVia = "command" | "message" | "selection" | "panel" | "summary" | "answer" | "hook" | "migration";

/** The longest entry text (characters); longer text is refused, not cut. */
export const MAX_LEDGER_TEXT = 2000;

export interface LedgerEventView {
  id: number;
  action: string;
  actor: string;
  fromStatus: string | null;
  toStatus: string;
  previousText: string | null;
  evidence: number[];
  note: string | null;
  /** Which signed-in browser made a user's change ("Firefox on Linux · 3f9a"), when known. */
  actorName: string | null;
  createdAt: string;
}

export interface LedgerEntryView {
  id: number;
  repoId: string;
  kind: LedgerKind;
  text: string;
  status: LedgerStatus;
  scope: LedgerScope;
  worktreePath: string | null;
  planId: string | null;
  nodeSlug: string | null;
  origin: string;
  via: string;
  sessionId: string | null;
  messageId: number | null;
  runId: string | null;
  hookEventId: number | null;
  claudeSessionId: string | null;
  topicId: number | null;
  supersededById: number | null;
  createdAt: string;
  updatedAt: string;
  /** The last change (who closed it and with what evidence, so the panel can offer Undo). */
  lastEvent: LedgerEventView | null;
}

/** Open tasks, decisions in force and proposals waiting for the user, per worktree and for the whole repository. */
export interface LedgerCounts {
  worktrees: Array<{ worktreePath: string; openTasks: number; decisions: number; proposed: number }>;
  repo: { openTasks: number; decisions: number; proposed: number };
}
