import type { BranchFact } from "@/lib/design/types.ts";

/** Why a branch does not look forked from its design parent; null when it does. */
export type ForkDivergence =
  | { kind: "forked_from"; branch: string }
  | { kind: "shares_commits_with"; branches: string[] }
  | { kind: "no_shared_history" };

/**
 * Checks "branch X was forked from branch P" by merge-base, letting the design settle what git
 * cannot. Walking X's first-parent line downwards, P must be met no later than any branch with a
 * stronger claim: P passes when it contains X's head, shares the nearest commits, or contains the
 * fork point. Evidence against P:
 * - above the fork point, a design branch (not below X in the design) or the default branch whose
 *   own line joins X's line there: X carries commits P does not have;
 * - at the fork point, an ancestor branch (or the trunk) that P does not contain.
 * Branches below X in the design are never evidence (they were forked from X), nor are branches
 * outside the design whose line merely joins X's (either may have forked from the other), nor
 * branches that reach X's line only through merges, nor branches that merged X's head or newer
 * commits of X's line than the one where their own line joins: they took X's work (the merge
 * check reports where it went) rather than gave X theirs. When every ancestor at the fork point
 * is below X in the design — a child created from an older commit of X — the walk goes on down
 * that child's line.
 */
export function checkFork({
  fact,
  parentBranch,
  factOf,
  isDesignBranch,
  isBelowInDesign,
  defaultBranch,
}: {
  fact: BranchFact;
  parentBranch: string;
  factOf: Map<string, BranchFact>;
  isDesignBranch: (branch: string) => boolean;
  isBelowInDesign: (branch: string) => boolean;
  defaultBranch: string | null;
}): ForkDivergence | null {
  if (fact.mergedInto.includes(parentBranch)) return null;
  const parent = factOf.get(parentBranch);
  const visited = new Set<string>();
  for (let current: BranchFact | undefined = fact; current && !visited.has(current.name);) {
    visited.add(current.name);
    const pulled = new Set(current.mergedInto);
    for (const base of current.sharedAbove) {
      if (base.onLine.includes(parentBranch) || base.viaMerge.includes(parentBranch)) return null;
      const evidence = base.onLine.filter(
        (branch) =>
          (branch === defaultBranch || isDesignBranch(branch)) && !isBelowInDesign(branch) && !pulled.has(branch),
      );
      if (evidence.length > 0) return { kind: "shares_commits_with", branches: evidence };
      for (const branch of base.viaMerge) pulled.add(branch);
    }
    if (current.forkPoint === null) return { kind: "no_shared_history" };
    if (current.forkCandidates.includes(parentBranch) || containsForkPoint({ parent, fork: current, factOf }))
      return null;
    const ancestor = current.forkCandidates.find((branch) => !isBelowInDesign(branch));
    if (ancestor !== undefined) return { kind: "forked_from", branch: ancestor };
    current = factOf.get(current.forkCandidates[0] ?? "");
  }
  return { kind: "no_shared_history" };
}

/** Whether P's history holds the fork point: through a branch whose head it is, or as a trunk commit. */
function containsForkPoint({
  parent,
  fork,
  factOf,
}: {
  parent: BranchFact | undefined;
  fork: BranchFact;
  factOf: Map<string, BranchFact>;
}): boolean {
  if (!parent) return false;
  const headAtFork = fork.forkCandidates
    .map((branch) => factOf.get(branch))
    .find((candidate) => candidate?.headSha === fork.forkPoint);
  if (headAtFork?.mergedInto.includes(parent.name)) return true;
  return (
    fork.forkPointTrunkPosition !== null &&
    parent.trunkPosition !== null &&
    parent.trunkPosition <= fork.forkPointTrunkPosition
  );
}
