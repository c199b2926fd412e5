/** One commit and its parents, as `git log --format=%H %P` prints them. */
export interface CommitRecord {
  sha: string;
  parents: string[];
}

/**
 * Reachability of every commit from every branch head, as bitsets: row `c` of `contains` has bit
 * `b` set when commit c is in the history of branch b (c is an ancestor of, or equal to, b's head);
 * row `c` of `onFirstParentLine` has bit b set when c is on b's first-parent line. Each row is
 * `words` 32-bit words long.
 */
export interface CommitGraphIndex {
  words: number;
  indexOf: Map<string, number>;
  /** Index of the first parent, or -1 for a root (or a first parent outside the graph, as in a shallow clone). */
  firstParent: Int32Array;
  contains: Uint32Array;
  onFirstParentLine: Uint32Array;
}

/**
 * Builds the reachability bitsets in one pass over the graph: commits are visited children
 * before parents (Kahn's algorithm, so the input may be in any order) and each pushes its rows
 * into its parents — all parents for `contains`, the first parent only for `onFirstParentLine`.
 * Time and memory O(commits × branches / 32); `headShas[b]` is the head of branch b.
 */
export function indexCommitGraph({
  commits,
  headShas,
}: {
  commits: CommitRecord[];
  headShas: string[];
}): CommitGraphIndex {
  const count = commits.length;
  const words = Math.max(1, Math.ceil(headShas.length / 32));
  const indexOf = new Map<string, number>();
  commits.forEach((commit, index) => {
    if (!indexOf.has(commit.sha)) indexOf.set(commit.sha, index);
  });
  const { parentStart, parentList, firstParent } = linkParents({ commits, indexOf });
  const contains = new Uint32Array(count * words);
  const onFirstParentLine = new Uint32Array(count * words);
  headShas.forEach((sha, branch) => {
    const commit = indexOf.get(sha);
    if (commit === undefined) return;
    setBit({ rows: contains, words, row: commit, bit: branch });
    setBit({ rows: onFirstParentLine, words, row: commit, bit: branch });
  });
  const order = orderChildrenFirst({ count, parentStart, parentList });
  for (const commit of order) {
    for (let slot = parentStart[commit] ?? 0; slot < (parentStart[commit + 1] ?? 0); slot += 1) {
      orRow({ rows: contains, words, from: commit, into: parentList[slot] ?? 0 });
    }
    const first = firstParent[commit] ?? -1;
    if (first >= 0) orRow({ rows: onFirstParentLine, words, from: commit, into: first });
  }
  return { words, indexOf, firstParent, contains, onFirstParentLine };
}

/** The set bits of `rows[row]`, ascending. */
export function listBits({ rows, words, row }: { rows: Uint32Array; words: number; row: number }): number[] {
  const bits: number[] = [];
  for (let word = 0; word < words; word += 1) {
    let value = rows[row * words + word] ?? 0;
    while (value !== 0) {
      const low = 31 - Math.clz32(value & -value);
      bits.push(word * 32 + low);
      value &= value - 1;
    }
  }
  return bits;
}

function setBit({ rows, words, row, bit }: { rows: Uint32Array; words: number; row: number; bit: number }): void {
  rows[row * words + (bit >>> 5)]! |= 1 << (bit & 31);
}

function orRow({ rows, words, from, into }: { rows: Uint32Array; words: number; from: number; into: number }): void {
  for (let word = 0; word < words; word += 1) rows[into * words + word]! |= rows[from * words + word] ?? 0;
}

/** Parent indices in CSR form; parents outside the graph (shallow history) are dropped. */
function linkParents({ commits, indexOf }: { commits: CommitRecord[]; indexOf: Map<string, number> }) {
  const parentStart = new Int32Array(commits.length + 1);
  const parentList: number[] = [];
  const firstParent = new Int32Array(commits.length).fill(-1);
  commits.forEach((commit, index) => {
    parentStart[index] = parentList.length;
    commit.parents.forEach((sha, slot) => {
      const parent = indexOf.get(sha);
      if (parent === undefined) return;
      parentList.push(parent);
      if (slot === 0) firstParent[index] = parent;
    });
  });
  parentStart[commits.length] = parentList.length;
  return { parentStart, parentList: Int32Array.from(parentList), firstParent };
}

/** Every commit after all of its children (a reverse topological order). */
function orderChildrenFirst({
  count,
  parentStart,
  parentList,
}: {
  count: number;
  parentStart: Int32Array;
  parentList: Int32Array;
}): Int32Array {
  const childCount = new Int32Array(count);
  for (const parent of parentList) childCount[parent]! += 1;
  const order = new Int32Array(count);
  let size = 0;
  for (let commit = 0; commit < count; commit += 1) if (childCount[commit] === 0) order[size++] = commit;
  for (let next = 0; next < size; next += 1) {
    const commit = order[next] ?? 0;
    for (let slot = parentStart[commit] ?? 0; slot < (parentStart[commit + 1] ?? 0); slot += 1) {
      const parent = parentList[slot] ?? 0;
      childCount[parent]! -= 1;
      if (childCount[parent] === 0) order[size++] = parent;
    }
  }
  return order.subarray(0, size);
}
