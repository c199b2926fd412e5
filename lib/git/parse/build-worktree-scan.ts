import type { StatusSummary } from "./parse-status.ts";
import type { WorktreeListEntry } from "./parse-worktree-list.ts";
import type { GitOperation, HeadCommit, WorktreeScan } from "@/lib/git/types.ts";
import { listWorktreeWarnings } from "./worktree-warnings.ts";

/** What reading one listed worktree produced: a status, or the reason there is none. */
export type WorktreeState =
  | { kind: "scanned"; status: StatusSummary; operation?: GitOperation | null; rebasingBranch?: string | null }
  | { kind: "bare" }
  | { kind: "missing" }
  | { kind: "failed"; error: string };

/**
 * Combines a `git worktree list` entry, the state read from its folder and its HEAD commit into
 * the WorktreeScan the API serves. Status wins over the list for branch facts because it is read
 * later; a missing, bare or failed worktree keeps the list's facts and has no dirty counts.
 */
export function buildWorktreeScan({
  entry,
  isMain,
  state,
  head,
}: {
  entry: WorktreeListEntry;
  isMain: boolean;
  state: WorktreeState;
  head: HeadCommit | null;
}): WorktreeScan {
  const status = state.kind === "scanned" ? state.status : null;
  const facts = {
    path: entry.path,
    isMain,
    isBare: entry.isBare,
    branch: status ? status.branch : entry.branch,
    isDetached: status ? status.isDetached : entry.isDetached,
    head,
    dirty: status ? status.dirty : null,
    upstream: status ? status.upstream : null,
    isLocked: entry.isLocked,
    lockReason: entry.lockReason,
    isPrunable: entry.isPrunable,
    prunableReason: entry.prunableReason,
    isMissing: state.kind === "missing",
    operation: state.kind === "scanned" ? (state.operation ?? null) : null,
    rebasingBranch: state.kind === "scanned" ? (state.rebasingBranch ?? null) : null,
    error: state.kind === "failed" ? state.error : null,
  };
  return { ...facts, warnings: listWorktreeWarnings(facts) };
}
