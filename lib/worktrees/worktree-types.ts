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
export interface LandCheck {
  worktreePath: string;
  branch: string;
  base: string;
  /** Where the base branch is checked out (the merge would happen there), or null. */
  baseWorktreePath: string | null;
  /** What must happen before it can land; empty when nothing stops it. */
  blockers: string[];
  status: "clean" | "conflicts" | "nothing_to_land";
  /** Files both sides changed in ways git cannot merge (empty unless status is conflicts). */
  conflictingFiles: string[];
  /** Commits on the branch that the base does not have. */
  commitsToLand: number;
  /** Commits on the base that the branch does not have (0: it would fast-forward). */
  baseAhead: number;
}

/** How Land… puts the branch into its base. */
export const LAND_METHODS = ["merge", "squash", "fast-forward"] as const;
export type LandMethod = (typeof LAND_METHODS)[number];

/** POST /api/worktrees/land */
export interface LandResult {
  branch: string;
  base: string;
  baseWorktreePath: string;
  method: LandMethod;
  /** The base's new head. */
  commit: string;
}
