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

/**
 * What git says about one local branch. For a branch X with head h, where "the first-parent line"
 * of a branch is its head followed by first parents down to a root commit:
 *
 * - `mergedInto`: every other local branch whose history contains h (h is an ancestor of, or
 *   equal to, its head) — merged into it, built on top of it, or at the same commit.
 * - `firstParentDescendants`: the subset of `mergedInto` whose first-parent line passes through
 *   h: branches stacked on X (or fast-forwarded through it) and branches at the same commit. The
 *   rest of `mergedInto` reached h through a merge commit.
 * - `forkPoint`: walking X's first-parent line from h, the first commit some *eligible* other
 *   branch contains. A branch B is eligible at commit c when c is in B's history and either
 *   (a) B does not contain h, or (b) B is the default branch and h is on its first-parent line
 *   (X was created on the trunk: same commit, or the trunk moved on since), or (c) B is the
 *   default branch, it merged X through a merge commit, and c is on its first-parent line.
 *   Other branches that contain h are X's descendants or merge targets, never its fork parent.
 *   Null for the default branch and for a branch that shares no eligible history.
 * - `forkCandidates`: every branch eligible at `forkPoint` — all equally near by merge-base,
 *   since merge-base(X, B) = forkPoint for each of them. Ranked: the default branch; then
 *   branches with forkPoint on their first-parent line above their own fork point; then those
 *   for which it is at or below their own fork point (they forked off later from the same line);
 *   then those that reach it only through merges; ties by name.
 * - `forkParent`: `forkCandidates[0]`, or null.
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
  /** Sorted by name. */
  mergedInto: string[];
  /** Sorted by name; a subset of mergedInto. */
  firstParentDescendants: string[];
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
