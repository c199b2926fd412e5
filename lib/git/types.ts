/** Facts about git, scanned on demand and never stored. Shared by the API and the UI. */

export interface HeadCommit {
  sha: string;
  shortSha: string;
  subject: string;
  /** ISO 8601 committer date. */
  committedAt: string;
}

export interface DirtyCounts {
  staged: number;
  unstaged: number;
  untracked: number;
  conflicted: number;
}

export interface UpstreamState {
  name: string;
  ahead: number;
  behind: number;
  /** True when the configured upstream branch no longer exists. */
  isGone: boolean;
}

export type WorktreeWarningCode =
  | "detached_head"
  | "rebase_stopped"
  | "behind_upstream"
  | "conflicts"
  | "prunable"
  | "missing_directory"
  | "locked"
  | "upstream_gone"
  | "scan_failed"
  | "hidden_characters";

export interface WorktreeWarning {
  code: WorktreeWarningCode;
  message: string;
}

/** A merge, rebase, cherry-pick or revert git stopped half way (its files are in the worktree's git dir). */
export type GitOperation = "merge" | "rebase" | "cherry-pick" | "revert";

export interface WorktreeScan {
  /** Absolute path as git reports it. */
  path: string;
  isMain: boolean;
  isBare: boolean;
  /** Short branch name (`feat/x`), or null when HEAD is detached. */
  branch: string | null;
  isDetached: boolean;
  head: HeadCommit | null;
  dirty: DirtyCounts | null;
  upstream: UpstreamState | null;
  isLocked: boolean;
  lockReason: string | null;
  isPrunable: boolean;
  prunableReason: string | null;
  /** The worktree directory no longer exists on disk. */
  isMissing: boolean;
  /** A merge or rebase (started by Arbor or in a terminal) waiting to be finished or aborted, read from the git dir. */
  operation: GitOperation | null;
  /**
   * The branch a stopped rebase is rebasing (HEAD is detached until the rebase finishes), from the
   * git dir's `head-name`; null otherwise.
   */
  rebasingBranch: string | null;
  /**
   * The base branch this worktree's branch has landed in (its work is all there: merged, fast-forwarded
   * or squashed), when the worktree list computed it; read from git, never stored.
   */
  mergedInto?: string | null;
  /** Set when git failed for this worktree; the other worktrees are still reported. */
  error: string | null;
  warnings: WorktreeWarning[];
}

/** How far a worktree's work is from a base branch: commits each way and lines changed since they parted. */
export interface BranchProgress {
  /** Commits on the worktree's HEAD and not on the base. */
  ahead: number;
  /** Commits on the base and not on the worktree's HEAD. */
  behind: number;
  /** Lines added and removed from the merge base to the working tree: committed, uncommitted and new files. */
  added: number;
  removed: number;
}

export interface RepoScan {
  repoRoot: string;
  commonDir: string;
  scannedAt: string;
  worktrees: WorktreeScan[];
}
