import { runGitCommand } from "@/lib/git/run/run-git.ts";

export type CommitGraph = Awaited<ReturnType<typeof readCommitGraph>>;

/**
 * The commits above the common ancestor of every tip (`merge-base --octopus`), read with one
 * `rev-list --topo-order --parents`; merge bases and ahead/behind counts are then worked out in
 * memory. Commits at or below that ancestor are shared by every tip, so they change no count and
 * the ancestor itself is the merge base of any pair that shares nothing above it. rev-list starts
 * beside merge-base and reads its revisions on stdin once merge-base has answered.
 */
export async function readCommitGraph(input: { repoRoot: string; tips: string[] }) {
  const tips = [...new Set(input.tips)];
  const floorRead = runGitCommand({
    cwd: input.repoRoot,
    args: ["merge-base", "--octopus", ...tips],
    isExitCodeChecked: false,
  }).then((octopus) => (octopus.exitCode === 0 ? octopus.stdout.toString("utf8").trim().split("\n")[0] || null : null));
  const [floor, listed] = await Promise.all([
    floorRead,
    runGitCommand({
      cwd: input.repoRoot,
      args: ["rev-list", "--topo-order", "--parents", "--stdin"],
      stdin: floorRead.then((found) => [...tips, ...(found ? [`^${found}`] : []), ""].join("\n")),
    }),
  ]);
  const output = listed.stdout.toString("utf8");
  const order: string[] = [];
  const parents = new Map<string, string[]>();
  for (const line of output.split("\n")) {
    if (line === "") continue;
    const [sha = "", ...rest] = line.split(" ");
    order.push(sha);
    parents.set(sha, rest);
  }
  const ancestorSets = new Map<string, Set<string>>();
  const ancestors = (tip: string) => {
    const known = ancestorSets.get(tip);
    if (known) return known;
    const seen = new Set<string>();
    const stack = [tip];
    while (stack.length > 0) {
      const sha = stack.pop()!;
      if (seen.has(sha) || !parents.has(sha)) continue;
      seen.add(sha);
      stack.push(...parents.get(sha)!);
    }
    ancestorSets.set(tip, seen);
    return seen;
  };
  return {
    /** The common ancestor of every tip: the graph holds the commits above it. */
    floor,
    /** The commits in `tip`'s history and not in `other`'s (both above the floor). */
    commitsOnlyIn(tip: string, other: string | null): string[] {
      const excluded = other ? ancestors(other) : new Set<string>();
      return [...ancestors(tip)].filter((sha) => !excluded.has(sha));
    },
    /** A best common ancestor (the first shared commit in topological order), the floor, or null. */
    mergeBase(a: string, b: string): string | null {
      const left = ancestors(a);
      const right = ancestors(b);
      for (const sha of order) if (left.has(sha) && right.has(sha)) return sha;
      return floor;
    },
    /**
     * The merge base of `a` and `b` when it is their only best common ancestor (what `git merge`
     * would merge from without making a virtual one), else null. Every commit outside the graph is
     * the floor's ancestor, and the floor is common to every tip: with no common commit above it,
     * the floor is the one; otherwise the first common commit must have every other one, and the
     * floor, below it.
     */
    uniqueMergeBase(a: string, b: string): string | null {
      const left = ancestors(a);
      const right = ancestors(b);
      const best = order.find((sha) => left.has(sha) && right.has(sha));
      if (best === undefined) return floor;
      const below = ancestors(best);
      for (const sha of left) if (right.has(sha) && !below.has(sha)) return null;
      if (floor === null) return best;
      for (const sha of below) if (parents.get(sha)!.includes(floor)) return best;
      return null;
    },
    aheadBehind(base: string, tip: string): { ahead: number; behind: number } {
      const onBase = ancestors(base);
      const onTip = ancestors(tip);
      let ahead = 0;
      for (const sha of onTip) if (!onBase.has(sha)) ahead += 1;
      let behind = 0;
      for (const sha of onBase) if (!onTip.has(sha)) behind += 1;
      return { ahead, behind };
    },
  };
}
