// What the ledger routes send to the browser and the prompt reads (pure types and constants:
// components import them).

export const LEDGER_KINDS = ["decision", "task"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** open: a decision in force, a task still to do. The others close an entry; nothing deletes one. */
export const LEDGER_STATUSES = ["open", "done", "superseded", "dropped"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** Which prompts carry an entry: one worktree's, a design node's, a plan's, or the whole repository's. */
export const LEDGER_SCOPES = ["worktree", "node", "plan", "repo"] as const;
export type LedgerScope = (typeof LEDGER_SCOPES)[number];

/** Who acts on an entry. Only the user closes, reopens, supersedes or edits; a model may close a task with evidence. */
export type LedgerActor = "user" | "model" | "recorder" | "arbor";

export type LedgerOrigin = "user" | "model" | "tag" | "recorder";

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

/** Open tasks and decisions in force that apply to one worktree, and to the repository as a whole. */
export interface LedgerCounts {
  worktrees: Array<{ worktreePath: string; openTasks: number; decisions: number }>;
  repo: { openTasks: number; decisions: number };
}
