/** Plain data in and out of prompt assembly. No I/O: the caller loads these from git and the DB. */
import type { WorktreeScan } from "@/lib/git/types.ts";

export type PromptMessageRole = "user" | "assistant" | "system";

export interface PromptMessage {
  /** Database id; ids grow with time, so sorting by id is chronological. */
  id: number;
  role: PromptMessageRole;
  content: string;
  /** ISO 8601. */
  createdAt: string;
}

export interface PromptPlan {
  title: string;
  goal: string;
  /** The design-tree points, in display order. */
  points: string[];
}

export interface PromptSummary {
  id: number;
  markdown: string;
  coveredUntilMessageId: number;
  /** The summary of the worktree's archived conversation (a new conversation's first prompts carry it). */
  isInherited?: boolean;
}

/** A decision or task from Arbor's ledger, as the prompt shows it: confirmed by the user, or only proposed. */
export interface PromptLedgerEntry {
  id: number;
  kind: "decision" | "task";
  /** Untrusted (a model or a terminal session may have written it): always quoted in the prompt. */
  text: string;
  scope: "worktree" | "node" | "plan" | "repo";
  origin: string;
  /** Captured by Arbor and not confirmed by the user: carried apart, never as a decision in force. */
  isProposed?: boolean;
  /** The message it was captured from, if any. */
  messageId?: number | null;
}

/**
 * The ledger entries that apply to the worktree, as loaded for one prompt: confirmed ones first (newest
 * first), then proposed ones (newest first).
 */
export interface PromptLedger {
  entries: PromptLedgerEntry[];
  /** The newest of the carried entries not loaded (beyond the per-prompt entry limit), named in the prompt. */
  notLoadedIds: number[];
  /** All carried entries not loaded: `notLoadedIds` and every older one. */
  notLoadedCount: number;
  /** The newest closed entries (dismissed, superseded, dropped, done): not carried, named in the receipt. */
  closed?: Array<{ id: number; status: string }>;
}

/** A check's latest result as the scan section states it. */
export interface PromptCheck {
  name: string;
  command: string;
  status: "running" | "passed" | "failed" | "timed_out" | "cancelled";
  exitCode: number | null;
  /** HEAD when it ran, and whether the files differed from it. */
  commit: string | null;
  isDirty: boolean;
  /** The end of its output (shown, shortened, when it did not pass). */
  output: string;
}

export interface PromptInput {
  rules: { branchNamingRule: string; freeTextRules: string };
  worktree: { path: string; branch: string | null };
  /** Scanned just before this send. */
  scan: WorktreeScan;
  /** The scan recorded with the previous send in this conversation; null on the first send. */
  previousScan: WorktreeScan | null;
  plan: PromptPlan | null;
  /** Where git diverges from the design tree for this worktree (one line each). */
  designWarnings?: string[];
  /** The latest result of each of the repository's checks in this worktree (lib/checks). */
  checks?: PromptCheck[];
  /** Workflow state saved before a compaction or at the end of a session ("you were doing X; next Y"). */
  workflowState?: string | null;
  summary: PromptSummary | null;
  /**
   * Every stored message the summary does not cover (the gap rule): all of them go verbatim unless
   * the budget drops the oldest, and each one dropped is listed in the receipt.
   */
  recentMessages: PromptMessage[];
  /** Uncovered messages too old to even load (a conversation whose upkeep is off): left out, listed. */
  notLoadedMessageIds?: number[];
  /**
   * The user's own messages the summary covers, newest first: carried verbatim beside the summary while
   * their share of the budget allows, so what the user wrote is never only a summarizer's retelling.
   */
  earlierUserMessages?: PromptMessage[];
  /** How many covered user messages exist beyond `earlierUserMessages` (not loaded). */
  earlierUserNotLoadedCount?: number;
  /** Decisions in force and open tasks for this worktree; null or absent: no ledger section content. */
  ledger?: PromptLedger | null;
  /** Sent verbatim, byte for byte, as the last thing in the prompt. */
  userMessage: string;
  /** Counted in UTF-16 code units (`string.length`). */
  budget?: { maxChars: number };
}

export type PromptSectionName = "system" | "context" | "plan" | "memory" | "user";

export interface PromptReceipt {
  summaryId: number | null;
  /** Messages up to this id reach the model through the summary (null: no summary of this conversation). */
  coveredUntilMessageId: number | null;
  /** The summary is the archived conversation's (a new conversation's own messages all go verbatim). */
  isSummaryInherited: boolean;
  /** Ids of the recent messages included, oldest first. */
  messageIds: number[];
  /** Uncovered messages left out to fit the budget, oldest first: each one makes Arbor summarize next. */
  droppedMessageIds: number[];
  /** The user's covered messages carried verbatim, and how many older ones were left out (budget). */
  earlierUserWords?: { includedIds: number[]; leftOutCount: number };
  /**
   * Ledger entries in the prompt, and those left out (over the prompt's share for the ledger, or its entry
   * limit): `leftOutIds` names the newest of them; `leftOutCount` counts them all (the others are every
   * entry in force older than the last one named).
   */
  ledger: {
    includedIds: number[];
    /** The included ones that are only proposed (a subset of `includedIds`). */
    proposedIds?: number[];
    /** The included ones' kinds, so the receipt can list decisions and tasks apart. */
    taskIds?: number[];
    leftOutIds: number[];
    leftOutCount: number;
    inForce: number;
    /** Entries not carried because the user closed them, with why (dismissed, superseded, dropped, done). */
    closed?: Array<{ id: number; status: string }>;
  };
  hasWorkflowState: boolean;
  hasPlan: boolean;
  scanShortened: boolean;
  /** `text.length`; may exceed the budget when even the minimal prompt does not fit. */
  totalChars: number;
}

export interface AssembledPrompt {
  text: string;
  /** In prompt order; the `chars` add up to `receipt.totalChars`. */
  sections: Array<{ name: PromptSectionName; chars: number }>;
  /** sha256 hex of `text`. */
  digest: string;
  receipt: PromptReceipt;
}
