import type { ChangedFile, FileDiff } from "@/lib/git/change-types.ts";
import type { GitOperation } from "@/lib/git/read/read-operation-in-progress.ts";
import type { HeadCommit } from "@/lib/git/types.ts";

/** What the Changes tab shows for a worktree; shared by the API and the UI. Git facts, never stored. */

/**
 * Which changes: the uncommitted ones, the branch's commits since its base (from the merge base
 * the overview found), one commit, or one run's (its two checkpoints).
 */
export type ChangesScope =
  | { kind: "uncommitted" }
  | { kind: "branch"; mergeBase: string }
  | { kind: "commit"; sha: string }
  | { kind: "run"; runId: string }
  /** What changed between the previous run's end and this run's start (the user's edits just before it). */
  | { kind: "before-run"; runId: string };

/** How the base was chosen: by the user, by the design tree, the repository's default branch, or the branch's upstream (on the default branch itself). */
export type BaseSource = "chosen" | "design" | "default" | "upstream";

export interface BaseView {
  /** A branch (or any revision the user picked); null when the branch has none. */
  name: string | null;
  source: BaseSource | null;
  /** The newest commit both share; null without a base or shared history. */
  mergeBase: string | null;
  /** Commits on this branch and not on the base, and the other way round. */
  ahead: number;
  behind: number;
  /** Why there is no base, or why the one asked for was not used. */
  note: string | null;
}

export interface ChangesOverview {
  worktreePath: string;
  /** null when HEAD is detached. */
  branch: string | null;
  /** null before the first commit. */
  head: string | null;
  isDetached: boolean;
  isUnborn: boolean;
  /** A merge, rebase, cherry-pick or revert waiting to be finished. */
  operation: GitOperation | null;
  base: BaseView;
  /** Branches the base can be switched to (local first, then remote-tracking). */
  baseCandidates: string[];
  /** Commits since the base, newest first (at most 200). */
  commits: HeadCommit[];
  commitCount: number;
}

export interface ChangesFiles {
  scope: ChangesScope;
  files: ChangedFile[];
  /** All files that changed (`files` may hold only the first ones). */
  totalFiles: number;
  /** What the files are compared from and to, for the diff of one file and the context lines around it. */
  from: string | null;
  to: string | null;
}

export interface FileDiffView {
  diff: FileDiff | null;
  /** The text is not valid UTF-8 (shown with replacement characters; its hunks cannot be committed one by one). */
  hasInvalidText: boolean;
  /** Where unchanged lines around the hunks come from (the new side). */
  linesSource: { kind: "blob"; blob: string } | { kind: "worktree"; path: string } | null;
}

/** "Changes by this run": its two checkpoints compared, and where the user had edited the same files just before. */
export interface RunChangesView {
  runId: string;
  /** ready: both checkpoints exist; running: the run has not ended; missing: no checkpoint was written (older runs, failures). */
  state: "ready" | "running" | "missing";
  files: ChangedFile[];
  totalFiles: number;
  /** Files this run changed that had also been changed since the previous run ended (by the user, in a terminal or an editor). */
  editedBefore: ChangedFile[];
  /** Commits the run made (HEAD moved during it), newest first. */
  commits: HeadCommit[];
  startTree: string | null;
  endTree: string | null;
  /** The previous run's end checkpoint in this worktree, for "edited before this run". */
  previousEndTree: string | null;
}

export interface RestoreFile {
  file: ChangedFile;
  /** What restoring does to it. */
  action: "write" | "delete" | "skip";
  /** Changed since this run ended (by the user or a later run): restoring loses that too. */
  isChangedSince: boolean;
}

export interface RestorePreview {
  runId: string;
  /** The worktree's files now (a tree id): the restore goes ahead only if they are still this. */
  currentTree: string;
  files: RestoreFile[];
  /** Runs in this worktree after this one whose changes the restore undoes as well. */
  laterRuns: Array<{ runId: string; startedAt: string | null }>;
  /** HEAD moved since the run started (it or someone committed): restoring rewrites files only. */
  isHeadMoved: boolean;
  /** A run is going on in the worktree: restoring is refused until it ends. */
  isRunActive: boolean;
}

export interface RestoreResult {
  restored: number;
  deleted: number;
  /** Where the files as they were just before the restore are kept, to get them back. */
  savedRef: string;
  savedTree: string;
}

export interface CommitResultView {
  commit: string;
  shortSha: string;
  /** What git and the repository's hooks printed. */
  output: string;
  /** The repository's hooks ran (trusted repositories only). */
  ranHooks: boolean;
  indexWarning: string | null;
}

export interface CommitMessageDraft {
  message: string;
  /** model: written by the summary model; fallback: made from the file list because the model failed (note says why). */
  source: "model" | "fallback";
  note: string | null;
}

export type { FileDiff };
