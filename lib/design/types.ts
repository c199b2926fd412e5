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
 * What git says about one local branch X with head h. The "first-parent line" of a branch is its
 * head followed by first parents down to a root commit; the "trunk" is the default branch's line.
 *
 * - `forkPoint`: walking X's line from h, the first commit that is the head of another branch
 *   (whose head is not h) or is on the trunk. X contains the whole history of such a branch, so
 *   it is an ancestor branch of X — the nearest one by merge-base, since merge-base(X, B) is B's
 *   head. Null for the default branch, and when the line reaches a root first.
 * - `forkCandidates`: the default branch when forkPoint is on the trunk, then every branch whose
 *   head is forkPoint, by name. `forkParent` is the first, or null. A fork parent is always a
 *   strict ancestor (or the trunk), so fork parents never form a cycle.
 * - `sharedAbove`: for the commits of X's line above forkPoint, nearest first, the other branches
 *   that meet the line there. `onLine`: branches whose first-parent line first joins X's line at
 *   that commit — a branch that forked off X, or that X forked off, and both moved on (git cannot
 *   say which, so only a design decides), or a branch X forked from that later merged X.
 *   `viaMerge`: branches not containing h whose nearest shared commit is reached through a merge.
 *   Branches stacked on X (see stackedOn) never appear.
 * - `mergedInto`: every other branch whose history contains h — merged into it, built on top of
 *   it, or at the same commit.
 * - `stackedOn`: the part of mergedInto whose first-parent line passes through h (stacked on X,
 *   fast-forwarded through it, or at the same commit); the rest took h through a merge commit.
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
