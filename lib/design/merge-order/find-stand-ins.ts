import { readRepositoryConfigNames } from "@/lib/git/safety/local-git-config.ts";
import type { CommitGraph } from "./read-commit-graph.ts";
import { diffKey, readDiffs, type Diff, type Diffs } from "./read-changed-files.ts";
import type { FindStandIns } from "./read-merge-conflicts.ts";
import { standInFiles } from "./stand-in-merges.ts";

/**
 * The merge order's FindStandIns: for each pair, what each side changed since their only merge
 * base (the diffs already read, the missing ones, such as two siblings' own merge base, in one more
 * `diff-tree`), then the stand-in files (stand-in-merges.ts). A pair with several merge bases, or
 * whose diffs git could not give, is merged for real; so is every pair when merges renormalize
 * (`merge.renormalize`): git then reads the attributes of the commits it merges, which stand-ins
 * do not hold.
 */
export function findStandInsFromGraph(input: { repoRoot: string; graph: CommitGraph; diffs: Diffs }): FindStandIns {
  return async (checks) => {
    const { isMergeRenormalized } = await readRepositoryConfigNames(input.repoRoot);
    if (isMergeRenormalized !== false) return checks.map(() => null);
    const bases = checks.map((check) => input.graph.uniqueMergeBase(check.left, check.right));
    const missing = checks.flatMap((check, index) => {
      const base = bases[index];
      if (!base) return [];
      return [check.left, check.right]
        .filter((tip) => !input.diffs.has(diffKey(base, tip)))
        .map((tip) => ({ from: base, to: tip }));
    });
    const more: ReadonlyMap<string, Diff> =
      missing.length > 0
        ? await readDiffs({ repoRoot: input.repoRoot, pairs: missing }).catch(() => new Map<string, Diff>())
        : new Map<string, Diff>();
    const diffOf = (from: string, to: string) => input.diffs.get(diffKey(from, to)) ?? more.get(diffKey(from, to));
    return checks.map((check, index) => {
      const base = bases[index];
      const left = base ? diffOf(base, check.left) : undefined;
      const right = base ? diffOf(base, check.right) : undefined;
      return left && right ? standInFiles({ left, right }) : null;
    });
  };
}
