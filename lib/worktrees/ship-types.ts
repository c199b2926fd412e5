/** What the push, pull-request and tidy-up APIs return (pure types: the worktree row's dialogs import them). */

/** POST /api/worktrees/push */
export interface PushResult {
  branch: string;
  remote: string;
  /** The branch on the remote that was updated (the same name, or the tracked one under push.default upstream). */
  remoteBranch: string;
  /** The branch had no upstream and now tracks `remote/remoteBranch` (an existing upstream is never changed). */
  isUpstreamSet: boolean;
  /** What git said (its "To …" and ref lines), for the user to read. */
  output: string;
  /** The remote already had the branch as it is here: nothing new went (git's porcelain flag `=`). */
  isUpToDate: boolean;
}

/** Whether Arbor can open pull requests through the GitHub CLI here, and if not, what to do. */
export type GhStatus =
  | { state: "ready" }
  | {
      state: "missing" | "logged_out" | "failing";
      /** What is wrong and what to do, in a sentence (gh's own stderr when it failed). */
      message: string;
    };

/** A pull request as `gh pr view --json` describes it. */
export interface PullRequestView {
  number: number;
  url: string;
  state: "OPEN" | "CLOSED" | "MERGED";
  isDraft: boolean;
  title: string;
  baseRefName: string;
  headRefName: string;
  /** Its CI checks and review state (gh's statusCheckRollup and reviewDecision). */
  ci: PullRequestCi;
}

/** How a CI check on a pull request stands, as Arbor shows it. */
export type CiCheckState = "passed" | "failed" | "running" | "skipped" | "cancelled" | "unknown";

/** One CI check of a pull request: a GitHub check run (Actions or an app) or a commit status. */
export interface CiCheck {
  name: string;
  /** The Actions workflow it belongs to, when it is a check run of one. */
  workflow: string | null;
  state: CiCheckState;
  /** Its page (details or target URL), http(s) only; null when gh gave none. */
  url: string | null;
  /** For a GitHub Actions job: the run and job ids read from its URL, so `gh run view` can fetch its log. */
  runId: string | null;
  jobId: string | null;
}

/** The review decision of a pull request; "none" when the repository requires no review and none was given. */
export type ReviewState = "approved" | "changes_requested" | "review_required" | "none" | "unknown";

/** A pull request's CI checks (failed first) and review state; `problem` says what of gh's answer could not be read. */
export interface PullRequestCi {
  checks: CiCheck[];
  review: ReviewState;
  problem: string | null;
}

/** GET /api/worktrees/pull-request: what the "Pull request…" dialog shows. */
export interface PullRequestInfo {
  branch: string;
  base: string;
  /**
   * The remote the branch would be pushed to (its URL without credentials) and the branch there that
   * the pull request's head is, or null when the repository has none.
   */
  remote: { name: string; url: string; branch: string } | null;
  /** Whether that branch exists on that remote (pushed at least once). */
  isPushed: boolean;
  gh: GhStatus;
  /** github.com's "compare" page for the branch, when the remote is on GitHub (and nothing blocks). */
  compareUrl: string | null;
  /** Why no pull request can be opened from here (the branch is the base, the base does not exist) and what to do; null when one can. */
  blocker: string | null;
  /** Title and body drafted from the conversation summary and the commits. */
  draft: { title: string; body: string };
  /** The pull request already open (or closed, merged) for the branch, when gh can say. */
  pullRequest: PullRequestView | null;
  /** Why the pull request's state could not be read (gh's stderr), when gh is ready but failed. */
  pullRequestError: string | null;
}

/** One thing "Reclaim" would do: remove a merged, idle worktree, or delete an idle worktree's dependency folders. */
export interface TidyAction {
  kind: "remove_worktree" | "delete_dependencies";
  worktreePath: string;
  branch: string | null;
  /** Folders deleted (relative to the worktree; the worktree itself for a removal). */
  folders: string[];
  /** Bytes on disk this frees (hard-linked files counted once). */
  bytes: number;
}

/** A dependency folder in a worktree (node_modules, .venv, target…) and the disk it uses. */
export interface DependencyFolder {
  /** Relative to the worktree, with `/`. */
  path: string;
  bytes: number;
  /**
   * A git repository found inside it (its folder, relative to the worktree), or null: someone's own
   * clone, with work no package manager brings back, so Reclaim keeps the folder.
   */
  repository: string | null;
}

/** One worktree as the Tidy up view lists it. */
export interface TidyWorktree {
  worktreePath: string;
  branch: string | null;
  isMain: boolean;
  /** Bytes on disk under the worktree (hard-linked files once, symlinks not followed). */
  bytes: number;
  /** The walk stopped at its entry limit: the sizes are lower bounds. */
  isPartial: boolean;
  dependencies: DependencyFolder[];
  /** Every commit of its branch is in the base. */
  isMerged: boolean;
  /** No run, no recent Claude Code session, no uncommitted change. */
  isIdle: boolean;
  /** Why it cannot be removed (the safe removal's reasons); empty when it can. */
  blockers: string[];
}

/** POST /api/repos/:repoId/tidy with `dryRun`: the view and the preview of what Reclaim would do. */
export interface TidyPreview {
  base: string | null;
  worktrees: TidyWorktree[];
  actions: TidyAction[];
  /** Sum of the actions' bytes. */
  bytes: number;
}

/** POST /api/repos/:repoId/tidy: what Reclaim did, action by action. */
export interface TidyResult {
  done: TidyAction[];
  skipped: Array<{ action: TidyAction; reason: string }>;
  /** Bytes freed by what was done. */
  bytes: number;
  /** Conversations of removed worktrees that were archived (kept, read-only). */
  archivedSessionIds: string[];
}

/** Which kinds of reclaiming the user asked for. */
export interface TidyOptions {
  removeMerged: boolean;
  deleteDependencies: boolean;
}

/** POST /api/worktrees/remove: what would stop the removal (dryRun), or what the removal did. */
/**
 * What a worktree was granted by path: its "Always allowed" rules, and the permission mode (and
 * sandbox) chosen in its chat header. They go with the worktree, so a later worktree made at the same
 * folder starts asking again instead of inheriting Bypass or another agent's rules.
 */
export interface WorktreeGrants {
  /** Each rule as the Project page lists it: `Bash(npm test *)`, or the tool's name. */
  rules: string[];
  /** The mode chosen for it, or null when it had none (the Settings default). */
  mode: string | null;
}

export interface RemovalResult {
  worktreePath: string;
  branch: string | null;
  /** Why it cannot be removed now; empty when it can (or was). */
  blockers: string[];
  isRemoved: boolean;
  isBranchDeleted: boolean;
  /** Why the branch was kept although its deletion was asked for (git's refusal: not merged), or null. */
  branchKeptReason: string | null;
  /** Conversations of the worktree that were archived (kept, read-only). */
  archivedSessionIds: string[];
  /** Ignored files and folders only this worktree has (the first IGNORED_LISTED_MAX), and how many in all. */
  ignoredOnlyHere: string[];
  ignoredOnlyHereCount: number;
  /** Its "Always allowed" rules and chosen mode, which go with it (listed by the dry run). */
  grants: WorktreeGrants;
}
