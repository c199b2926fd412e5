/**
 * Design trees (what the user plans) and the branch facts they are compared with (what git says).
 * Design trees are stored; branch facts are read from git on demand and never stored.
 */

export const DESIGN_NODE_STATUSES = ["planned", "in_progress", "done"] as const;

export type DesignNodeStatus = (typeof DESIGN_NODE_STATUSES)[number];

/** One planned task; its branch name comes from the repository's naming rule (`feat/{slug}`). */
export interface DesignNode {
  /** Lowercase letters, digits and `-`, 1–60 characters, not starting with `-`; unique per tree. */
  slug: string;
  title: string;
  description: string | null;
  status: DesignNodeStatus;
}

/** `parent` → `child`, both slugs of nodes in the same tree. A node has at most one parent. */
export interface DesignEdge {
  parent: string;
  child: string;
}

export interface DesignTree {
  nodes: DesignNode[];
  edges: DesignEdge[];
}

/** Where other branches meet one commit of a branch's first-parent line (see BranchFact.sharedAbove). */
export interface SharedBase {
  commit: string;
  /** Branches whose own first-parent line passes through `commit`: the lines split here. Sorted by name. */
  onLine: string[];
  /** Branches that hold `commit` only through merge commits. Sorted by name. */
  viaMerge: string[];
}

/**
 * What git says about one local branch X with head h. A branch's "line" is its head and first
 * parents down to a root; the "trunk" is the default branch's line.
 *
 * - `forkPoint`: the first commit on X's line (from h) that is another branch's head (not h) or on
 *   the trunk: the nearest ancestor branch by merge-base. Null for the default branch, or a root.
 * - `forkCandidates`: the default branch when forkPoint is on the trunk, then the branches whose
 *   head is forkPoint, by name; `forkParent` is the first or null (always a strict ancestor or the
 *   trunk, so never a cycle).
 * - `sharedAbove`: per commit of X's line above forkPoint, nearest first, the branches meeting it.
 *   `onLine`: their line first joins X's there (git cannot say who forked from whom; only a design
 *   decides). `viaMerge`: branches without h that meet it through a merge. Never stackedOn ones.
 * - `mergedInto`: other branches whose history contains h (merged, built on it, or same commit).
 * - `stackedOn`: those of mergedInto whose line passes through h; the rest took h by a merge.
 * - `trunkPosition`: how far below the default head is the newest trunk commit X contains (0: the
 *   head); `forkPointTrunkPosition`: the same for forkPoint. P contains position p iff P's <= p.
 */
export interface BranchFact {
  /** Short name (`feat/x`). */
  name: string;
  headSha: string;
  /** Absolute path of the worktree that has this branch checked out, or null. */
  worktreePath: string | null;
  forkPoint: string | null;
  forkParent: string | null;
  forkCandidates: string[];
  sharedAbove: SharedBase[];
  /** Sorted by name. */
  mergedInto: string[];
  /** Sorted by name; a subset of mergedInto. */
  stackedOn: string[];
  trunkPosition: number | null;
  forkPointTrunkPosition: number | null;
  /** Uncommitted changes (staged, unstaged, untracked or conflicted) in its worktree; unknown without a scan. */
  isDirty?: boolean;
  /** Commits ahead of the branch's upstream; absent when it has no (existing) upstream. */
  ahead?: number;
  /** Commits behind the branch's upstream; absent when it has no (existing) upstream. */
  behind?: number;
}

export interface BranchFacts {
  /** The trunk: origin/HEAD's branch when it exists locally, else `main`, else `master`, else the main worktree's branch. */
  defaultBranch: string | null;
  /** Every local branch, sorted by name. */
  branches: BranchFact[];
}

export type DivergenceCode =
  | "planned_without_branch"
  | "missing_branch"
  | "parent_branch_missing"
  | "forked_from_other_parent"
  | "merged_into_other_branch"
  | "done_not_merged"
  | "branch_not_in_design"
  | "worktree_not_in_design";

/** A difference between the design and the repository: what is off and what to do about it. */
export interface DivergenceWarning {
  code: DivergenceCode;
  message: string;
  nodeSlug?: string;
  branch?: string;
  worktreePath?: string;
  /** planned_without_branch: the design parent whose branch must be created first (its branch is this one's start). */
  waitsForNode?: string;
}
