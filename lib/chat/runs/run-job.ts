import type { WorktreeScan } from "@/lib/git/types.ts";

/** A send waiting for, or holding, its worktree's single run slot. */
export interface RunJob {
  runId: string;
  sessionId: string;
  repoId: string;
  worktreePath: string;
  userMessageId: number;
  /** "Allow and retry": tools (as `--allowedTools` rules) allowed for this run only. */
  extraAllowedTools?: string[];
}

/** How a run ended, as the send endpoint returns it. */
export interface RunJobResult {
  runId: string;
  assistantMessageId: number | null;
  status: string;
  /** The scan taken just before the run (null when the run never got that far). */
  scan?: WorktreeScan | null;
  /** The run's end checkpoint differs from its start: it changed the worktree's files. */
  hasChangedFiles?: boolean;
}
