import { indexCommitGraph, listBits, type CommitGraphIndex, type CommitRecord } from "./commit-graph-index.ts";
import type { BranchFact, SharedBase } from "./types.ts";

export type { CommitRecord } from "./commit-graph-index.ts";

export interface BranchHead {
  name: string;
  headSha: string;
}

/** The git-derived part of a BranchFact; see BranchFact for the exact definitions. */
export type BranchRelations = Omit<BranchFact, "worktreePath" | "isDirty" | "ahead" | "behind">;

/**
 * Computes fork point and parent, shared bases, merged-into, built-on and trunk positions for every branch from the commit graph held in memory (one `git log --branches`
 * read), instead of a `git merge-base` per pair of branches. Pure; results sorted by branch name.
 * Cost: O(commits × branches / 32) for the reachability bitsets, plus each branch's walk down its
 * own first-parent line to its fork point (the default branch walks its whole line once). A head missing from `commits` (the ref moved between
 * two reads) gets no relations.
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
  const names = sorted.map((head) => head.name);
  const index = indexCommitGraph({ commits, headShas: sorted.map((head) => head.headSha) });
  const defaultHead = sorted.find((head) => head.name === defaultBranch);
  const trunk = measureTrunk({ index, headRow: defaultHead && index.indexOf.get(defaultHead.headSha) });
  const headsAt = new Map<number, string[]>();
  for (const head of sorted) {
    const row = index.indexOf.get(head.headSha);
    if (row === undefined) continue;
    const here = headsAt.get(row);
    if (here) here.push(head.name);
    else headsAt.set(row, [head.name]);
  }
  return sorted.map((head, bit) => {
    const row = index.indexOf.get(head.headSha);
    const others = (rows: Uint32Array) => (row === undefined ? [] : listBits({ rows, words: index.words, row }).flatMap((other) => (other === bit ? [] : [names[other] ?? ""])));
    const walk =
      row === undefined || head === defaultHead
        ? { forkRow: -1, forkCandidates: [], sharedAbove: [], builtOn: row === undefined ? [] : collectBuiltOn({ index, fromRow: row, toRow: -1 }) }
        : walkToFork({ index, row, names, headsAt, trunkPositionOf: trunk.positionOf, defaultBranch: defaultHead?.name ?? null, commits });
    return {
      name: head.name,
      headSha: head.headSha,
      forkPoint: walk.forkRow >= 0 ? (commits[walk.forkRow]?.sha ?? null) : null,
      forkParent: walk.forkCandidates[0] ?? null,
      forkCandidates: walk.forkCandidates,
      sharedAbove: walk.sharedAbove,
      mergedInto: others(index.contains),
      builtOn: walk.builtOn.flatMap((other) => (other === bit ? [] : [names[other] ?? ""])),
      trunkPosition: trunk.branchPositions[bit] ?? null,
      forkPointTrunkPosition: walk.forkRow >= 0 ? (trunk.positionOf.get(walk.forkRow) ?? null) : null,
    };
  });
}

/** Position of each trunk commit below the default head, and the newest trunk commit each branch contains. */
function measureTrunk({ index, headRow }: { index: CommitGraphIndex; headRow: number | undefined }) {
  const positionOf = new Map<number, number>();
  const branchPositions: (number | undefined)[] = [];
  let position = 0;
  for (let row = headRow ?? -1; row >= 0; row = index.firstParent[row] ?? -1) {
    positionOf.set(row, position);
    for (const bit of listBits({ rows: index.contains, words: index.words, row })) branchPositions[bit] ??= position;
    position += 1;
  }
  return { positionOf, branchPositions };
}

/**
 * Walks a branch's first-parent line from its head to its fork point (another branch's head, or
 * the trunk), recording on the way where other branches — those not containing the head — first
 * share the line.
 */
function walkToFork({
  index,
  row: headRow,
  names,
  headsAt,
  trunkPositionOf,
  defaultBranch,
  commits,
}: {
  index: CommitGraphIndex;
  row: number;
  names: string[];
  headsAt: Map<number, string[]>;
  trunkPositionOf: Map<number, number>;
  defaultBranch: string | null;
  commits: CommitRecord[];
}): { forkRow: number; forkCandidates: string[]; sharedAbove: SharedBase[]; builtOn: number[] } {
  const { words, contains, firstParent } = index;
  const excluded = contains.slice(headRow * words, (headRow + 1) * words);
  const seen = new Uint32Array(words);
  const sharedAbove: SharedBase[] = [];
  for (let row = headRow; row >= 0; row = firstParent[row] ?? -1) {
    const isOnTrunk = trunkPositionOf.has(row);
    const headsHere = row === headRow ? [] : (headsAt.get(row) ?? []);
    if (isOnTrunk || headsHere.length > 0) {
      const forkCandidates = [...(isOnTrunk && defaultBranch ? [defaultBranch] : []), ...headsHere.filter((name) => name !== defaultBranch)];
      return { forkRow: row, forkCandidates, sharedAbove, builtOn: collectBuiltOn({ index, fromRow: headRow, toRow: row }) };
    }
    const fresh: string[] = [];
    for (let word = 0; word < words; word += 1) {
      let value = (contains[row * words + word] ?? 0) & ~(excluded[word] ?? 0) & ~(seen[word] ?? 0);
      seen[word]! |= value;
      while (value !== 0) {
        fresh.push(names[word * 32 + (31 - Math.clz32(value & -value))] ?? "");
        value &= value - 1;
      }
    }
    if (fresh.length > 0) sharedAbove.push({ commit: commits[row]?.sha ?? "", branches: fresh });
  }
  return { forkRow: -1, forkCandidates: [], sharedAbove, builtOn: collectBuiltOn({ index, fromRow: headRow, toRow: -1 }) };
}

/** Branches whose first-parent line passes through a commit of the line from `fromRow` down to, not including, `toRow`. */
function collectBuiltOn({ index, fromRow, toRow }: { index: CommitGraphIndex; fromRow: number; toRow: number }): number[] {
  const { words, onFirstParentLine, firstParent } = index;
  const union = new Uint32Array(words);
  for (let row = fromRow; row >= 0 && row !== toRow; row = firstParent[row] ?? -1) {
    for (let word = 0; word < words; word += 1) union[word]! |= onFirstParentLine[row * words + word] ?? 0;
  }
  return listBits({ rows: union, words, row: 0 });
}

/** Code-point order, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
