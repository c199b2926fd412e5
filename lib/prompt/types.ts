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
  /** Workflow state saved before a compaction or at the end of a session ("you were doing X; next Y"). */
  workflowState?: string | null;
  summary: PromptSummary | null;
  recentMessages: PromptMessage[];
  /** Sent verbatim, byte for byte, as the last thing in the prompt. */
  userMessage: string;
  /** Counted in UTF-16 code units (`string.length`). */
  budget?: { maxChars: number };
}

export type PromptSectionName = "system" | "context" | "plan" | "memory" | "user";

export interface PromptReceipt {
  summaryId: number | null;
  /** Ids of the recent messages included, oldest first. */
  messageIds: number[];
  /** Ids left out to fit the budget, oldest first. */
  droppedMessageIds: number[];
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
