import { indexCommitGraph, listBits, type CommitGraphIndex, type CommitRecord } from "./commit-graph-index.ts";
import type { BranchFact, SharedBase } from "@/lib/design/types.ts";

export type { CommitRecord } from "./commit-graph-index.ts";

export interface BranchHead {
  name: string;
  headSha: string;
}

/** The git-derived part of a BranchFact; see BranchFact for the exact definitions. */
export type BranchRelations = Omit<BranchFact, "worktreePath" | "isDirty" | "ahead" | "behind">;

interface Graph {
  index: CommitGraphIndex;
  commits: CommitRecord[];
  names: string[];
  headsAt: Map<number, string[]>;
  trunkPositionOf: Map<number, number>;
  defaultBranch: string | null;
}

/**
 * Computes fork point and parent, shared bases, merged-into, stacked-on and trunk positions for
 * every branch from the commit graph held in memory (one `git log --branches` read), instead of
 * a `git merge-base` per pair of branches. Pure; results sorted by branch name. Cost:
 * O(commits × branches / 32) for the reachability bitsets, plus each branch's walk down its own
 * first-parent line to its fork point. A head missing from `commits` (the ref moved between two
 * reads) gets no relations.
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
  const graph: Graph = {
    index,
    commits,
    names,
    headsAt: groupHeads({ index, sorted }),
    trunkPositionOf: trunk.positionOf,
    defaultBranch: defaultHead?.name ?? null,
  };
  return sorted.map((head, bit) => {
    const row = index.indexOf.get(head.headSha);
    const others = (rows: Uint32Array) =>
      row === undefined
        ? []
        : listBits({ rows, words: index.words, row }).flatMap((other) => (other === bit ? [] : [names[other] ?? ""]));
    const forkRow = row === undefined || head === defaultHead ? -1 : findForkRow({ graph, headRow: row });
    const forkCandidates = forkRow >= 0 ? listForkCandidates({ graph, row: forkRow }) : [];
    return {
      name: head.name,
      headSha: head.headSha,
      forkPoint: forkRow >= 0 ? (commits[forkRow]?.sha ?? null) : null,
      forkParent: forkCandidates[0] ?? null,
      forkCandidates,
      sharedAbove: row === undefined || head === defaultHead ? [] : listSharedAbove({ graph, headRow: row, forkRow }),
      mergedInto: others(index.contains),
      stackedOn: others(index.onFirstParentLine),
      trunkPosition: trunk.branchPositions[bit] ?? null,
      forkPointTrunkPosition: forkRow >= 0 ? (trunk.positionOf.get(forkRow) ?? null) : null,
    };
  });
}

function groupHeads({ index, sorted }: { index: CommitGraphIndex; sorted: BranchHead[] }): Map<number, string[]> {
  const headsAt = new Map<number, string[]>();
  for (const head of sorted) {
    const row = index.indexOf.get(head.headSha);
    if (row === undefined) continue;
    const here = headsAt.get(row);
    if (here) here.push(head.name);
    else headsAt.set(row, [head.name]);
  }
  return headsAt;
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

/** The first commit of the line from `headRow` that is on the trunk or another branch's head; -1 if none. */
function findForkRow({ graph, headRow }: { graph: Graph; headRow: number }): number {
  for (let row = headRow; row >= 0; row = graph.index.firstParent[row] ?? -1) {
    if (graph.trunkPositionOf.has(row) || (row !== headRow && graph.headsAt.has(row))) return row;
  }
  return -1;
}

function listForkCandidates({ graph, row }: { graph: Graph; row: number }): string[] {
  const heads = (graph.headsAt.get(row) ?? []).filter((name) => name !== graph.defaultBranch);
  return graph.trunkPositionOf.has(row) && graph.defaultBranch ? [graph.defaultBranch, ...heads] : heads;
}

/**
 * Walks the line from the head down to, not including, the fork point, recording where other
 * branches first join it (onLine) or first reach it through merges (viaMerge). Branches stacked
 * on the head are skipped; branches that merged the head count only where their line joins.
 */
function listSharedAbove({
  graph,
  headRow,
  forkRow,
}: {
  graph: Graph;
  headRow: number;
  forkRow: number;
}): SharedBase[] {
  const { words, contains, onFirstParentLine, firstParent } = graph.index;
  const rowOf = (rows: Uint32Array, row: number) => rows.subarray(row * words, (row + 1) * words);
  const stacked = rowOf(onFirstParentLine, headRow);
  const containsHead = rowOf(contains, headRow);
  const seenOnLine = new Uint32Array(words);
  const seenAny = new Uint32Array(words);
  const shared: SharedBase[] = [];
  for (let row = headRow; row >= 0 && row !== forkRow; row = firstParent[row] ?? -1) {
    let onLine: string[] | null = null;
    let viaMerge: string[] | null = null;
    for (let word = 0; word < words; word += 1) {
      const lineHere = onFirstParentLine[row * words + word] ?? 0;
      const line = lineHere & ~(stacked[word] ?? 0) & ~(seenOnLine[word] ?? 0);
      const merged =
        (contains[row * words + word] ?? 0) & ~lineHere & ~(containsHead[word] ?? 0) & ~(seenAny[word] ?? 0);
      seenOnLine[word]! |= line;
      seenAny[word]! |= line | merged;
      if (line !== 0) pushNames({ value: line, word, names: graph.names, into: (onLine ??= []) });
      if (merged !== 0) pushNames({ value: merged, word, names: graph.names, into: (viaMerge ??= []) });
    }
    if (onLine || viaMerge)
      shared.push({ commit: graph.commits[row]?.sha ?? "", onLine: onLine ?? [], viaMerge: viaMerge ?? [] });
  }
  return shared;
}

function pushNames({
  value,
  word,
  names,
  into,
}: {
  value: number;
  word: number;
  names: string[];
  into: string[];
}): void {
  for (let rest = value; rest !== 0; rest &= rest - 1)
    into.push(names[word * 32 + (31 - Math.clz32(rest & -rest))] ?? "");
}

/** Code-point order, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
