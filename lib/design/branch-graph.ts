import { hasBit, indexCommitGraph, listBits, type CommitGraphIndex, type CommitRecord } from "./commit-graph-index.ts";
import type { BranchFact } from "./types.ts";

export type { CommitRecord } from "./commit-graph-index.ts";

export interface BranchHead {
  name: string;
  headSha: string;
}

/** The git-derived part of a BranchFact; see BranchFact for the exact definitions. */
export type BranchRelations = Pick<
  BranchFact,
  "name" | "headSha" | "forkPoint" | "forkParent" | "forkCandidates" | "mergedInto" | "firstParentDescendants"
>;

/**
 * Computes fork point, fork parent and candidates, merged-into and first-parent descendants for
 * every branch from the commit graph held in memory (one `git log --branches` read), instead of
 * a `git merge-base` per pair of branches. Pure. Results are sorted by branch name. A head that
 * is not in `commits` (the ref moved between two reads) gets no relations at all.
 */
export function computeBranchRelations({
  commits,
  heads,
  defaultBranch,
}: {
  commits: CommitRecord[];
  heads: BranchHead[];
  defaultBranch: string | null;
}): BranchRelations[] {
  const sorted = [...heads].sort((a, b) => compareText(a.name, b.name));
  const index = indexCommitGraph({ commits, headShas: sorted.map((head) => head.headSha) });
  const defaultBit = sorted.findIndex((head) => head.name === defaultBranch);
  const forks = sorted.map((head, bit) => (bit === defaultBit ? null : findForkPoint({ index, bit, head, defaultBit })));
  return sorted.map((head, bit) => {
    const row = index.indexOf.get(head.headSha);
    const fork = forks[bit] ?? null;
    const others = (rows: Uint32Array) =>
      row === undefined ? [] : listBits({ rows, words: index.words, row }).flatMap((other) => (other === bit ? [] : [sorted[other]?.name ?? ""]));
    const forkCandidates = fork ? rankCandidates({ index, forkPoint: fork.commit, candidates: fork.candidates, forks, defaultBit }).map((other) => sorted[other]?.name ?? "") : [];
    return {
      name: head.name,
      headSha: head.headSha,
      forkPoint: fork ? (commits[fork.commit]?.sha ?? null) : null,
      forkParent: forkCandidates[0] ?? null,
      forkCandidates,
      mergedInto: others(index.contains),
      firstParentDescendants: others(index.onFirstParentLine),
    };
  });
}

interface Fork {
  commit: number;
  candidates: number[];
}

/**
 * Walks the branch's first-parent line from its head to the first commit an eligible branch
 * contains. Branches containing the head are excluded (descendants and merge targets), except the
 * default branch: it is eligible when the head is on its first-parent line, and otherwise (it
 * merged the branch) only at commits on its first-parent line.
 */
function findForkPoint({ index, bit, head, defaultBit }: { index: CommitGraphIndex; bit: number; head: BranchHead; defaultBit: number }): Fork | null {
  const { words, contains, onFirstParentLine, firstParent } = index;
  const headRow = index.indexOf.get(head.headSha);
  if (headRow === undefined) return null;
  const excluded = contains.slice(headRow * words, (headRow + 1) * words);
  excluded[bit >>> 5]! |= 1 << (bit & 31);
  const hasDefault = defaultBit >= 0;
  if (hasDefault) excluded[defaultBit >>> 5]! &= ~(1 << (defaultBit & 31));
  const defaultMerged =
    hasDefault && hasBit({ rows: contains, words, row: headRow, bit: defaultBit }) && !hasBit({ rows: onFirstParentLine, words, row: headRow, bit: defaultBit });
  for (let commit = headRow; commit >= 0; commit = firstParent[commit] ?? -1) {
    const skipDefault = defaultMerged && !hasBit({ rows: onFirstParentLine, words, row: commit, bit: defaultBit });
    const candidates: number[] = [];
    for (let word = 0; word < words; word += 1) {
      let value = (contains[commit * words + word] ?? 0) & ~(excluded[word] ?? 0);
      if (skipDefault && word === defaultBit >>> 5) value &= ~(1 << (defaultBit & 31));
      while (value !== 0) {
        candidates.push(word * 32 + (31 - Math.clz32(value & -value)));
        value &= value - 1;
      }
    }
    if (candidates.length > 0) return { commit, candidates };
  }
  return null;
}

/**
 * Orders branches that are equally near by merge-base: the default branch; branches for which the
 * fork point lies on their first-parent line above their own fork point; those that forked off
 * the same line at or after it (the fork point belongs to their parent); those that contain it
 * only through merges. Ties keep name order (bits are in name order).
 */
function rankCandidates({
  index,
  forkPoint,
  candidates,
  forks,
  defaultBit,
}: {
  index: CommitGraphIndex;
  forkPoint: number;
  candidates: number[];
  forks: (Fork | null)[];
  defaultBit: number;
}): number[] {
  const rankOf = (candidate: number): number => {
    if (candidate === defaultBit) return 0;
    if (!hasBit({ rows: index.onFirstParentLine, words: index.words, row: forkPoint, bit: candidate })) return 3;
    const ownFork = forks[candidate];
    const isBelowOwnFork = ownFork != null && (index.firstParentDepth[forkPoint] ?? 0) <= (index.firstParentDepth[ownFork.commit] ?? 0);
    return isBelowOwnFork ? 2 : 1;
  };
  return candidates.map((candidate) => ({ candidate, rank: rankOf(candidate) })).sort((a, b) => a.rank - b.rank || a.candidate - b.candidate).map(({ candidate }) => candidate);
}

/** Code-point order, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
