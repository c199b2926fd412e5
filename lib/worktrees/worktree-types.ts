import type { BranchProgress } from "@/lib/git/types.ts";
import type { MessageView, RunView, SessionView } from "@/lib/realtime/chat-views.ts";
import type { CheckRunView, MergeGateResult } from "@/lib/realtime/check-views.ts";
import type { LandQueueEntryStatus } from "@/lib/realtime/land-queue-views.ts";
import type { LandMethod } from "@/lib/settings/land-methods.ts";
import type { WorktreeSetup } from "./worktree-setup.ts";

/** What the worktree API returns (pure types: the New worktree dialog imports them). */

/** What the New worktree dialog proposes: GET /api/worktrees?repoId=… */
export interface NewWorktreeOptions {
  repoRoot: string;
  /** Local branches, sorted. */
  branches: string[];
  defaultBranch: string | null;
  namingRule: string;
  /** True when the repository never set a rule and this one was read off its branches. */
  isNamingRuleInferred: boolean;
  setup: WorktreeSetup;
  isTrusted: boolean;
}

export interface CreatedWorktree {
  branch: string;
  base: string;
  /** As the worktree list shows it. */
  worktreePath: string;
  setup: SetupReport;
}

/** A started task (POST /api/tasks): its worktree and the setup's report, its conversation, and the first message's queued run. */
export interface StartedTask extends CreatedWorktree {
  session: SessionView;
  userMessage: MessageView;
  run: RunView;
}

export interface CopyOutcome {
  path: string;
  status: "copied" | "skipped" | "refused";
  /** Why it was skipped or refused. */
  reason: string | null;
}

export interface CommandOutcome {
  /** The command line as the user wrote it. */
  command: string;
  status: "succeeded" | "failed" | "not_run";
  /** What went wrong, or why it did not run, in a sentence the user can act on. */
  message: string | null;
  /** The end of what it wrote (stdout, then stderr). */
  output: string;
}

export interface SetupReport {
  copies: CopyOutcome[];
  command: CommandOutcome | null;
}

/** POST /api/worktrees/land-check: what landing the worktree's branch into its base would do. */
/** The conflict pre-check: what landing the branch into its base would do (POST /api/worktrees/land-check). */
export interface LandConflictCheck {
  worktreePath: string;
  branch: string;
  base: string;
  /** The base commit the check merged; the land request sends it back and is refused if the base moved. */
  baseCommit: string;
  /** The tree `git merge-tree --write-tree` wrote (with conflict markers where it conflicts). */
  mergeTree: string;
  status: "clean" | "conflicts" | "nothing_to_land";
  /**
   * Files both sides changed in ways git cannot merge (empty unless status is conflicts): the first
   * ones only (MAX_LISTED_CONFLICT_FILES), so the answer stays small when thousands conflict.
   */
  conflictingFiles: string[];
  /** How many files conflict in all (conflictingFiles may name fewer). */
  conflictingFileCount: number;
  /** Commits on the branch that the base does not have; null when it conflicts (not counted). */
  commitsToLand: number | null;
  /** Commits on the base that the branch does not have (0: it would fast-forward); null when it conflicts. */
  baseAhead: number | null;
}

/** The pre-check with what must happen first (what landing checks before it touches anything). */
export interface LandCheck extends LandConflictCheck {
  /** Where the base branch is checked out (the merge would happen there), or null. */
  baseWorktreePath: string | null;
  /** What must happen before it can land; empty when nothing stops it. */
  blockers: string[];
}

/** POST /api/worktrees/land-blockers */
export interface LandBlockers {
  base: string;
  baseWorktreePath: string | null;
  /** What must happen before it can land (uncommitted changes, runs, a stopped rebase); empty when nothing. */
  blockers: string[];
  /**
   * The runs the answer saw in either worktree (none when both were idle): a browser whose activity
   * says otherwise asks again, however the run's end and this answer crossed.
   */
  runs: Array<{ worktreePath: string; state: "running" | "queued" | "waiting" }>;
}

export { LAND_METHODS, type LandMethod } from "@/lib/settings/land-methods.ts";

/** POST /api/worktrees/land */
export interface LandResult {
  branch: string;
  base: string;
  baseWorktreePath: string;
  method: LandMethod;
  /** The base's new head. */
  commit: string;
  /** Design nodes whose branch this was, now marked done (plan title and node slug). */
  nodesDone: NodeMarkedDone[];
  /** The repository's checks on the merge before the base moved (a failure refuses the land instead). */
  gate: MergeGateResult;
}

/** One branch of a land queue, as POST /api/worktrees/land-queue answers it. */
export interface LandQueueEntry {
  worktreePath: string;
  branch: string;
  /** landed, failed, conflict or not_tested once the queue is over. */
  status: LandQueueEntryStatus;
  /** The merge commit tested (the base plus the branches before it plus this one); null when not made. */
  commit: string | null;
  tree: string | null;
  /** The checks on that tree (a failed one's output is here). */
  checks: CheckRunView[];
  /** The files that conflict with the branches before it (the first ones), when it conflicts. */
  conflictingFiles: string[];
  nodesDone: NodeMarkedDone[];
}

/** POST /api/worktrees/land-queue: branches landed in order, each tested on top of those before it. */
export interface LandQueueResult {
  base: string;
  baseWorktreePath: string;
  /** landed: every branch; stopped: the branches before the one that failed or conflicted landed. */
  state: "landed" | "stopped";
  /** The base's head now: the last commit tested and landed, or where it was when nothing landed. */
  commit: string;
  entries: LandQueueEntry[];
  /** Why it stopped, with what to do; null when everything landed. */
  message: string | null;
}

/** One place where both sides changed the same lines: the base's version and the branch's, bounded. */
export interface ConflictHunk {
  /** 1-based line of the conflict marker in the merged file. */
  line: number;
  base: string[];
  branch: string[];
  /** A side had more lines than shown. */
  isTruncated: boolean;
}

/** A file that would conflict, with its hunks (none for a binary file or a file one side deleted). */
export interface ConflictFile {
  /** As the user knows it: a file git set aside as `<path>~<commit id>` is named after the branch (`fd~main`). */
  path: string;
  hunks: ConflictHunk[];
  /** Hunks left out to keep the preview small. */
  moreHunks: number;
  /**
   * What the conflict is when text hunks do not tell it (deleted on one side, a submodule, a
   * symbolic link, a file set aside for a folder, a merge driver switched off, binary, too large), or null.
   */
  note: string | null;
}

/** POST /api/worktrees/land-check as the dialog gets it: the check, the base commit it saw, the hunks. */
/** What the Land dialog shows first: the pre-check, and each conflicting file's hunks. */
export interface LandingPreview extends LandConflictCheck {
  conflicts: ConflictFile[];
  /** Files left out of `conflicts` to keep the preview small. */
  moreConflictFiles: number;
}

/** A rebase or merge stopped half way in a worktree (Arbor's or the user's, in a terminal). */
export interface OperationState {
  worktreePath: string;
  operation: "merge" | "rebase" | "cherry-pick" | "revert";
  /** The branch being rebased (short name), when git says. */
  branch: string | null;
  /** The commit rebased onto, or being merged: short sha and subject. */
  onto: { sha: string; subject: string } | null;
  /** The commit the rebase stopped at. */
  stoppedAt: { sha: string; subject: string } | null;
  step: number | null;
  total: number | null;
  /** Files with conflicts git left in the worktree: the first ones only (MAX_LISTED_CONFLICT_FILES). */
  conflictingFiles: string[];
  /** How many files git left conflicted in all (conflictingFiles may name fewer). */
  conflictingFileCount: number;
}

/** A design node landing moved to done. */
export interface NodeMarkedDone {
  planId: string;
  planTitle: string;
  slug: string;
  nodeTitle: string;
}

export interface WorktreeProgress extends BranchProgress {
  worktreePath: string;
}

/** Where each linked worktree stands against the repository's default branch (the cards' "↑2 ↓1 · +40 −3"). */
export interface RepoProgress {
  /** The default branch everything is counted against; null when the repository has none yet. */
  base: string | null;
  worktrees: WorktreeProgress[];
}
