import { computeBranchRelations, type BranchHead, type CommitRecord } from "./branch-graph.ts";
import type { UpstreamCounts } from "./parse-branch-refs.ts";
import type { BranchFacts } from "@/lib/design/types.ts";

/** A worktree and the branch it has checked out; `isDirty` is unknown without a status scan. */
export interface WorktreeOnBranch {
  path: string;
  branch: string | null;
  isDirty?: boolean;
}

/**
 * Assembles BranchFacts from what git printed: the branch graph, the heads, the worktrees and the
 * upstream counts. Pure. When two worktrees have one branch checked out (`git worktree add -f`),
 * the first listed wins; git lists the main worktree first.
 */
export function buildBranchFacts({
  commits,
  heads,
  defaultBranch,
  worktrees = [],
  upstreams = new Map(),
}: {
  commits: CommitRecord[];
  heads: BranchHead[];
  defaultBranch: string | null;
  worktrees?: WorktreeOnBranch[];
  upstreams?: Map<string, UpstreamCounts>;
}): BranchFacts {
  const worktreeByBranch = new Map<string, WorktreeOnBranch>();
  for (const worktree of worktrees) {
    if (worktree.branch && !worktreeByBranch.has(worktree.branch)) worktreeByBranch.set(worktree.branch, worktree);
  }
  const branches = computeBranchRelations({ commits, heads, defaultBranch }).map((relations) => {
    const worktree = worktreeByBranch.get(relations.name);
    const upstream = upstreams.get(relations.name);
    return {
      ...relations,
      worktreePath: worktree?.path ?? null,
      ...(worktree?.isDirty === undefined ? {} : { isDirty: worktree.isDirty }),
      ...(upstream ? { ahead: upstream.ahead, behind: upstream.behind } : {}),
    };
  });
  return { defaultBranch: heads.some((head) => head.name === defaultBranch) ? defaultBranch : null, branches };
}
