import { compareText } from "./branch-graph.ts";
import { checkFork, type ForkDivergence } from "./check-fork.ts";
import { divergenceMessages as say, type ParentRef } from "./divergence-messages.ts";
import { indexDesign, type IndexedDesign } from "@/lib/design/index-design.ts";
import type { BranchFact, BranchFacts, DesignNode, DesignTree, DivergenceWarning } from "@/lib/design/types.ts";

/**
 * Lists every difference between a design tree and the branches. Pure, deterministic: node warnings
 * in depth-first order (missing branch, missing parent, fork, merge, done), then branches by name.
 * A node is compared with its nearest design ancestor's existing branch, else the default branch.
 * A branch outside the design gets one warning (`branch_not_in_design` if it follows the naming rule,
 * else `worktree_not_in_design` if checked out); never the default branch. Expects a validated tree;
 * throws invalid_input for a bad naming rule.
 */
export function findDivergence({
  tree,
  branches,
  rule,
}: {
  tree: DesignTree;
  branches: BranchFacts;
  rule: string;
}): DivergenceWarning[] {
  const design = indexDesign({ tree, rule });
  const factOf = new Map(branches.branches.map((fact) => [fact.name, fact]));
  const context: CheckContext = { design, factOf, defaultBranch: branches.defaultBranch };
  const nodeWarnings = design.preorder.flatMap((node) => checkNode({ context, node }));
  const branchWarnings = [...branches.branches]
    .sort((a, b) => compareText(a.name, b.name))
    .flatMap((fact) => checkBranchOutsideDesign({ context, fact, rule }));
  return [...nodeWarnings, ...branchWarnings];
}

interface CheckContext {
  design: IndexedDesign;
  factOf: Map<string, BranchFact>;
  defaultBranch: string | null;
}

function checkNode({ context, node }: { context: CheckContext; node: DesignNode }): DivergenceWarning[] {
  const { design, factOf, defaultBranch } = context;
  const slug = node.slug;
  const branch = design.branchOf.get(slug) ?? "";
  const fact = factOf.get(branch);
  const parent = findReferenceParent({ context, slug });
  if (!fact) {
    if (node.status === "planned") {
      // The branch starts from the design parent's branch ("Create branch and worktree" does the same).
      const designParent = design.parentOf.get(slug);
      const parentBranch = designParent === undefined ? undefined : design.branchOf.get(designParent);
      if (designParent !== undefined && parentBranch !== undefined && !factOf.has(parentBranch)) {
        return [
          {
            code: "planned_without_branch",
            message: say.plannedUnderPlannedParent({ slug, branch, parentSlug: designParent, parentBranch }),
            nodeSlug: slug,
            branch,
            waitsForNode: designParent,
          },
        ];
      }
      return [
        {
          code: "planned_without_branch",
          message: say.plannedWithoutBranch({ slug, branch, base: parent }),
          nodeSlug: slug,
          branch,
        },
      ];
    }
    if (node.status === "in_progress")
      return [{ code: "missing_branch", message: say.missingBranch({ slug, branch }), nodeSlug: slug, branch }];
    return [];
  }
  const where = { nodeSlug: slug, branch, ...(fact.worktreePath ? { worktreePath: fact.worktreePath } : {}) };
  const warnings: DivergenceWarning[] = [];
  const designParent = design.parentOf.get(slug);
  const designParentBranch = designParent === undefined ? undefined : design.branchOf.get(designParent);
  if (designParent !== undefined && designParentBranch !== undefined && !factOf.has(designParentBranch)) {
    warnings.push({
      code: "parent_branch_missing",
      message: say.parentBranchMissing({ slug, branch, parentSlug: designParent, parentBranch: designParentBranch }),
      ...where,
    });
  }
  if (!parent || branch === defaultBranch || parent.branch === branch) return warnings;
  const isInParent = fact.mergedInto.includes(parent.branch);
  const fork = checkFork({
    fact,
    parentBranch: parent.branch,
    factOf,
    isDesignBranch: (other) => design.slugOfBranch.has(other),
    isBelowInDesign: (other) => isBelow({ context, slug, branch: other }),
    defaultBranch,
  });
  if (fork)
    warnings.push({
      code: "forked_from_other_parent",
      message: describeFork({ fork, slug, branch, parent }),
      ...where,
    });
  const targets = listMergeTargets({ context, slug, fact, parent });
  if (!isInParent && targets.length > 0) {
    warnings.push({
      code: "merged_into_other_branch",
      message: say.mergedIntoOtherBranch({ slug, branch, targets, parent }),
      ...where,
    });
  }
  if (node.status === "done" && !isInParent) {
    warnings.push({ code: "done_not_merged", message: say.doneNotMerged({ slug, branch, parent }), ...where });
  }
  return warnings;
}

function describeFork({
  fork,
  slug,
  branch,
  parent,
}: {
  fork: ForkDivergence;
  slug: string;
  branch: string;
  parent: ParentRef;
}): string {
  if (fork.kind === "forked_from") return say.forkedFromOtherParent({ slug, branch, from: fork.branch, parent });
  if (fork.kind === "shares_commits_with")
    return say.sharesCommitsWith({ slug, branch, others: fork.branches, parent });
  return say.sharesNoHistory({ slug, branch, parent });
}

/** True when `branch` belongs to a design node in the subtree below node `slug`. */
function isBelow({ context, slug, branch }: { context: CheckContext; slug: string; branch: string }): boolean {
  const other = context.design.slugOfBranch.get(branch);
  return other !== undefined && context.design.isBelow({ ancestor: slug, descendant: other });
}

/**
 * The branch of the nearest design ancestor that exists, else the default branch, else null. An
 * ancestor whose work has landed (merged into the default branch, not by this node's own branch
 * built on it) gives way to the default branch.
 */
function findReferenceParent({ context, slug }: { context: CheckContext; slug: string }): ParentRef | null {
  const { design, factOf, defaultBranch } = context;
  const ownBranch = design.branchOf.get(slug);
  const seen = new Set<string>([slug]);
  for (
    let ancestor = design.parentOf.get(slug);
    ancestor !== undefined && !seen.has(ancestor);
    ancestor = design.parentOf.get(ancestor)
  ) {
    seen.add(ancestor);
    const branch = design.branchOf.get(ancestor);
    const fact = branch === undefined ? undefined : factOf.get(branch);
    if (branch === undefined || fact === undefined) continue;
    // An ancestor whose work landed in the default branch lives on there: a child that started from the
    // default branch after it landed (its history has the ancestor's work by that merge, as a plan run's
    // children do) is compared with the default branch. A child stacked on it keeps it as parent; one
    // forked from the default branch before it landed is still forked from the wrong place.
    const hasLanded =
      defaultBranch !== null &&
      ownBranch !== undefined &&
      factOf.has(defaultBranch) &&
      fact.forkPoint !== fact.headSha &&
      fact.mergedInto.includes(defaultBranch) &&
      fact.mergedInto.includes(ownBranch) &&
      !fact.stackedOn.includes(ownBranch);
    if (!hasLanded) return { branch, nodeSlug: ancestor };
    break;
  }
  if (defaultBranch === null || !factOf.has(defaultBranch)) return null;
  return { branch: defaultBranch, nodeSlug: design.slugOfBranch.get(defaultBranch) ?? null };
}

/**
 * Branches that took this branch's work through a merge commit: mergedInto minus those stacked on
 * it, its design descendants, and branches outside the design whose line joins its line above
 * where its reference parent does (they forked from it and merge it to stay up to date). A target
 * that merely sits on another target (a branch created from main after main took the work) is
 * left to that one. A branch without commits of its own (created on the trunk, or at the same
 * commit as a branch outside its subtree) was merged nowhere.
 */
function listMergeTargets({
  context,
  slug,
  fact,
  parent,
}: {
  context: CheckContext;
  slug: string;
  fact: BranchFact;
  parent: ParentRef;
}): string[] {
  if (fact.forkPoint === fact.headSha) return [];
  const hasTwin = fact.mergedInto.some(
    (other) => context.factOf.get(other)?.headSha === fact.headSha && !isBelow({ context, slug, branch: other }),
  );
  if (hasTwin) return [];
  const skipped = new Set(fact.stackedOn);
  for (const base of fact.sharedAbove) {
    if (base.onLine.includes(parent.branch) || base.viaMerge.includes(parent.branch)) break;
    for (const branch of base.onLine) if (!context.design.slugOfBranch.has(branch)) skipped.add(branch);
  }
  const targets = fact.mergedInto.filter(
    (target) => !skipped.has(target) && !isBelow({ context, slug, branch: target }),
  );
  return targets.filter(
    (target) => !targets.some((other) => other !== target && sitsOn({ context, branch: target, on: other })),
  );
}

/** True when `branch`'s line passes through the head of `on`; between two branches at one commit, the default branch (else the first name) is the one sat on. */
function sitsOn({ context, branch, on }: { context: CheckContext; branch: string; on: string }): boolean {
  if (!context.factOf.get(on)?.stackedOn.includes(branch)) return false;
  if (!context.factOf.get(branch)?.stackedOn.includes(on)) return true;
  return branch !== context.defaultBranch && (on === context.defaultBranch || compareText(on, branch) < 0);
}

function checkBranchOutsideDesign({
  context,
  fact,
  rule,
}: {
  context: CheckContext;
  fact: BranchFact;
  rule: string;
}): DivergenceWarning[] {
  if (fact.name === context.defaultBranch || context.design.slugOfBranch.has(fact.name)) return [];
  const slug = context.design.matchBranch(fact.name);
  const worktree = fact.worktreePath ? { worktreePath: fact.worktreePath } : {};
  if (slug !== null) {
    return [
      {
        code: "branch_not_in_design",
        message: say.branchNotInDesign({ branch: fact.name, slug, rule, worktreePath: fact.worktreePath }),
        branch: fact.name,
        ...worktree,
      },
    ];
  }
  if (fact.worktreePath) {
    return [
      {
        code: "worktree_not_in_design",
        message: say.worktreeNotInDesign({ branch: fact.name, worktreePath: fact.worktreePath, rule }),
        branch: fact.name,
        ...worktree,
      },
    ];
  }
  return [];
}
