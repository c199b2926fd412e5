import type { BranchFact } from "@/lib/design/types.ts";

/** Why a branch does not look forked from its design parent; null when it does. */
export type ForkDivergence =
  | { kind: "forked_from"; branch: string }
  | { kind: "shares_commits_with"; branches: string[] }
  | { kind: "no_shared_history" };

/**
 * Checks "X was forked from P" by merge-base, letting the design settle what git cannot: walking
 * X's line down, P must be met before any stronger claim (P contains X's head, the nearest shared
 * commits, or the fork point). Against P: a design branch (not below X) or the default branch whose
 * line joins X's above the fork point, or an ancestor at the fork point that P lacks. Never evidence:
 * X's design children, outside branches that merely join, merge-only meetings, branches that took
 * X's work. If every fork-point ancestor is X's design child, the walk continues down its line.
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
