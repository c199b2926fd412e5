/**
 * The human side of each divergence warning: what is off, then what to do. Kept apart from the
 * checks so wording changes never touch the logic.
 */

import { revealInvisible } from "@/lib/git/parse/reveal-invisible.ts";

/** The branch a node is compared with, and how to name it in a sentence. */
export interface ParentRef {
  branch: string;
  /** Slug of the design node owning `branch`, or null when it is the default branch standing in for the root. */
  nodeSlug: string | null;
}

const describe = (parent: ParentRef) =>
  parent.nodeSlug === null ? `${parent.branch} (the default branch)` : `${parent.branch} (node "${parent.nodeSlug}")`;

const sentences = {
  plannedWithoutBranch: ({ slug, branch, base }: { slug: string; branch: string; base: ParentRef | null }) =>
    base
      ? `Node "${slug}" is planned but has no branch ${branch} yet. Create it from ${base.branch} (git switch -c ${branch} ${base.branch}) when you start the work.`
      : `Node "${slug}" is planned but has no branch ${branch} yet. Create it when you start the work.`,

  plannedUnderPlannedParent: ({
    slug,
    branch,
    parentSlug,
    parentBranch,
  }: {
    slug: string;
    branch: string;
    parentSlug: string;
    parentBranch: string;
  }) =>
    `Node "${slug}" is planned but has no branch ${branch} yet, and its parent "${parentSlug}" has no branch ${parentBranch} either. Create ${parentBranch} first, then ${branch} from it.`,

  missingBranch: ({ slug, branch }: { slug: string; branch: string }) =>
    `Node "${slug}" is in progress, but its branch ${branch} does not exist. Restore or create ${branch}, or set the node back to planned.`,

  parentBranchMissing: ({
    slug,
    branch,
    parentSlug,
    parentBranch,
  }: {
    slug: string;
    branch: string;
    parentSlug: string;
    parentBranch: string;
  }) =>
    `Branch ${branch} (node "${slug}") sits under node "${parentSlug}" in the design, but that node's branch ${parentBranch} does not exist. Create ${parentBranch}, or move "${slug}" under another node and rebase ${branch} onto that node's branch.`,

  forkedFromOtherParent: ({
    slug,
    branch,
    from,
    parent,
  }: {
    slug: string;
    branch: string;
    from: string;
    parent: ParentRef;
  }) =>
    `Branch ${branch} (node "${slug}") was forked from ${from}, but the design puts it under ${describe(parent)}. Rebase it (git rebase --onto ${parent.branch} ${from} ${branch}), or move the node in the design.`,

  sharesCommitsWith: ({
    slug,
    branch,
    others,
    parent,
  }: {
    slug: string;
    branch: string;
    others: string[];
    parent: ParentRef;
  }) =>
    `Branch ${branch} (node "${slug}") shares commits with ${others.join(", ")} that ${describe(parent)}, its parent in the design, does not have: one of them was forked from the other. Rebase whichever was forked by mistake onto its parent in the design, or move the node in the design.`,

  sharesNoHistory: ({ slug, branch, parent }: { slug: string; branch: string; parent: ParentRef }) =>
    `Branch ${branch} (node "${slug}") shares no history with ${describe(parent)}, its parent in the design. Recreate it from ${parent.branch}, or move the node in the design.`,

  mergedIntoOtherBranch: ({
    slug,
    branch,
    targets,
    parent,
  }: {
    slug: string;
    branch: string;
    targets: string[];
    parent: ParentRef;
  }) =>
    `Branch ${branch} (node "${slug}") was merged into ${targets.join(", ")} but not into ${describe(parent)}, its parent in the design. Merge it into ${parent.branch} as well, or move the node under the branch it went into.`,

  doneNotMerged: ({ slug, branch, parent }: { slug: string; branch: string; parent: ParentRef }) =>
    `Node "${slug}" is marked done, but ${branch} is not merged into ${describe(parent)}. Merge it, or set the node back to in progress.`,

  branchNotInDesign: ({
    branch,
    slug,
    rule,
    worktreePath,
  }: {
    branch: string;
    slug: string;
    rule: string;
    worktreePath: string | null;
  }) =>
    `Branch ${branch} follows the naming rule ${rule} but the design has no node "${slug}"${worktreePath ? ` (it is checked out in ${worktreePath})` : ""}. Add a node "${slug}" to the design, or rename or delete the branch.`,

  worktreeNotInDesign: ({ branch, worktreePath, rule }: { branch: string; worktreePath: string; rule: string }) =>
    `The worktree ${worktreePath} is on branch ${branch}, which is not part of the design. Add a node for this work and rename the branch to follow ${rule}, or remove the worktree when you are done with it.`,
};

/**
 * The sentences, with every invisible formatting character of the names in them written out
 * ([U+202E]): a branch git already has may be named to read as another.
 */
export const divergenceMessages = Object.fromEntries(
  Object.entries(sentences).map(([key, say]) => [
    key,
    (input: never) => revealInvisible((say as (input: never) => string)(input)),
  ]),
) as typeof sentences;
