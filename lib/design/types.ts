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

/** Branches whose merge-base with a branch is one commit of its first-parent line. */
export interface SharedBase {
  commit: string;
  /** Sorted by name. */
  branches: string[];
}

/**
 * What git says about one local branch X with head h. The "first-parent line" of a branch is its
 * head followed by first parents down to a root commit; the "trunk" is the default branch's line.
 *
 * - `forkPoint`: walking X's line from h, the first commit that is the head of another branch
 *   (whose head is not h) or is on the trunk. X contains the whole history of such a branch, so
 *   it is an ancestor branch of X — the nearest one by merge-base, since merge-base(X, B) is B's
 *   head. Null for the default branch, and when the line reaches a root first.
 * - `forkCandidates`: the default branch when forkPoint is on the trunk, then every branch whose
 *   head is forkPoint, by name. `forkParent` is the first, or null. Because a fork parent is
 *   always a strict ancestor (or the trunk), fork parents never form a cycle.
 * - `sharedAbove`: branches that do not contain h but share commits of X's line above forkPoint,
 *   nearest first, grouped by the commit where their history meets X's line (their merge-base
 *   with X). They forked off X's line or X forked off theirs, and both moved on — git cannot say
 *   which, so they are reported apart, and only a design decides.
 * - `mergedInto`: every other branch whose history contains h — merged into it, built on top of
 *   it, or at the same commit.
 * - `builtOn`: other branches whose first-parent line passes through one of X's own commits — the
 *   commits of X's line from h down to, not including, forkPoint (the whole line for the default
 *   branch or when there is no fork point): branches stacked on X, forked from it, fast-forwarded
 *   through it, or at the same commit. Branches in mergedInto but not builtOn took X's work
 *   through a merge commit without ever building on it: they are where X was merged.
 * - `trunkPosition`: how far below the default branch's head the newest trunk commit X contains
 *   is (0: X contains the default head); `forkPointTrunkPosition`: the same for forkPoint when it
 *   is on the trunk. A branch P contains a trunk commit at position p when P.trunkPosition <= p.
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
  /** Sorted by name. */
  builtOn: string[];
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
}
