/** Pure types of check results (lib/checks), shared by the API, the WebSocket protocol and the browser. */
export type CheckStatus = "running" | "passed" | "failed" | "timed_out" | "cancelled";

/** One check's latest run as the API returns it. */
export interface CheckRunView {
  id: string;
  batchId: string;
  name: string;
  command: string;
  status: CheckStatus;
  exitCode: number | null;
  /** HEAD when it ran (null on an unborn branch). */
  commit: string | null;
  /** The git tree of exactly the files tested (untracked included, ignored not). */
  tree: string;
  /** The files differed from HEAD's. */
  dirty: boolean;
  startedAt: string;
  finishedAt: string | null;
  /** The output's head and tail (with a line where the middle was dropped). */
  output: string;
  droppedBytes: number;
  /** Why it failed in words, with what to do (a missing command, a time limit…); null when it passed. */
  message: string | null;
  /** Not run again: a passing run of the same command on the same tree answered. */
  cached: boolean;
  /** The failing tests found in a failed run's output, when its format is one Arbor reads; else null. */
  failures: CheckFailures | null;
}

/** The test output formats whose failures Arbor finds (lib/checks/failures). */
export type FailureFormat = "tap" | "junit" | "vitest" | "jest" | "pytest" | "go" | "cargo";

/** One failing test: its name, where it failed when the output says, and its lines of the output. */
export interface CheckFailure {
  name: string;
  file?: string;
  line?: number;
  lines: string[];
}

/** The failing tests of one run's output, bounded; `omitted` counts those found past the bound. */
export interface CheckFailures {
  format: FailureFormat;
  failures: CheckFailure[];
  omitted: number;
}

/** Why no check ran in a worktree. */
export type CheckSkipReason = { code: "untrusted" | "no_checks"; message: string };

/** A worktree's checks: the latest run of each configured check, and the overall status. */
export interface WorktreeChecksView {
  repoId: string;
  worktreePath: string;
  status: CheckStatus | "not_run";
  /** Set when checks cannot run there (untrusted, none configured); the results may still show older runs. */
  reason: CheckSkipReason | null;
  checks: CheckRunView[];
  /** The worktree's automatic "Fix with Claude". */
  autoFix: AutoFixView;
}

/**
 * A worktree's automatic "Fix with Claude": whether it is on, how many fixes it may send in a row,
 * and how many are left before it stops and asks the user (`hasGivenUp`: on, with none left, so a
 * failure now waits for the user).
 */
export interface AutoFixView {
  enabled: boolean;
  maxAttempts: number;
  attemptsUsed: number;
  remaining: number;
  hasGivenUp: boolean;
}

/** What the merge gate said before a land (POST /api/worktrees/land's `gate`): passed (or answered by the cache), or not run and why. */
export interface MergeGateResult {
  status: "passed" | "not_run";
  reason: CheckSkipReason | null;
  /** The merge result's tree, as tested. */
  tree: string | null;
  checks: CheckRunView[];
}

/** A worktree whose latest checks did not pass, as "What needs you" shows it. */
export interface FailingChecksSummary {
  /** The first failing check's name (in the repository's order), and how it ended. */
  name: string;
  status: "failed" | "timed_out";
  /** How many of the repository's checks fail there. */
  count: number;
  /** Automatic fixes Arbor sent before it stopped and asked the user; null unless it stopped. */
  autoFixesSpent: number | null;
}
