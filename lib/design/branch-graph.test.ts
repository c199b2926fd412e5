import { describe, expect, it } from "vitest";
import { computeBranchRelations, type BranchRelations, type CommitRecord } from "./branch-graph.ts";

/** `{ child: [parents...] }` with readable names standing in for shas. */
function graph(parents: Record<string, string[]>): CommitRecord[] {
  return Object.entries(parents).map(([sha, list]) => ({ sha, parents: list }));
}

function relate({
  commits,
  heads,
  defaultBranch = "main",
}: {
  commits: CommitRecord[];
  heads: Record<string, string>;
  defaultBranch?: string | null;
}): Record<string, Omit<BranchRelations, "name">> {
  const relations = computeBranchRelations({
    commits,
    heads: Object.entries(heads).map(([name, headSha]) => ({ name, headSha })),
    defaultBranch,
  });
  return Object.fromEntries(relations.map(({ name, ...rest }) => [name, rest]));
}

const trunk = { m0: [], m1: ["m0"], m2: ["m1"] };

describe("computeBranchRelations", () => {
  it("finds the nearest ancestor branch of stacked branches, and who contains whom", () => {
    const result = relate({
      commits: graph({ ...trunk, a1: ["m1"], a2: ["a1"], b1: ["a2"] }),
      heads: { main: "m2", "feat/a": "a2", "feat/b": "b1" },
    });
    expect(result).toEqual({
      "feat/a": {
        headSha: "a2",
        forkPoint: "m1",
        forkParent: "main",
        forkCandidates: ["main"],
        mergedInto: ["feat/b"],
        firstParentDescendants: ["feat/b"],
      },
      "feat/b": {
        headSha: "b1",
        forkPoint: "a2",
        forkParent: "feat/a",
        forkCandidates: ["feat/a"],
        mergedInto: [],
        firstParentDescendants: [],
      },
      main: { headSha: "m2", forkPoint: null, forkParent: null, forkCandidates: [], mergedInto: [], firstParentDescendants: [] },
    });
  });

  it("puts a branch created on the trunk (at its tip or at an older commit) under the trunk, with no commits of its own", () => {
    const result = relate({ commits: graph(trunk), heads: { main: "m2", fresh: "m2", old: "m1" } });
    expect(result.fresh).toMatchObject({ forkPoint: "m2", forkParent: "main", mergedInto: ["main"], firstParentDescendants: ["main"] });
    expect(result.old).toMatchObject({ forkPoint: "m1", forkParent: "main", mergedInto: ["fresh", "main"], firstParentDescendants: ["fresh", "main"] });
  });

  it("never makes two non-default branches at the same commit each other's parent", () => {
    const result = relate({ commits: graph({ ...trunk, a1: ["m1"] }), heads: { main: "m2", "feat/a": "a1", "feat/b": "a1" } });
    expect(result["feat/a"]).toMatchObject({ forkPoint: "m1", forkParent: "main", mergedInto: ["feat/b"], firstParentDescendants: ["feat/b"] });
    expect(result["feat/b"]).toMatchObject({ forkPoint: "m1", forkParent: "main", mergedInto: ["feat/a"] });
  });

  it("keeps the fork parent of a branch merged elsewhere through a merge commit", () => {
    const result = relate({
      commits: graph({ ...trunk, a1: ["m1"], x1: ["a1"], merge: ["m2", "x1"] }),
      heads: { main: "merge", "feat/a": "a1", "feat/x": "x1" },
    });
    expect(result["feat/x"]).toMatchObject({ forkPoint: "a1", forkParent: "feat/a", forkCandidates: ["feat/a"], mergedInto: ["main"], firstParentDescendants: [] });
    expect(result["feat/a"]).toMatchObject({ forkPoint: "m1", forkParent: "main", mergedInto: ["feat/x", "main"], firstParentDescendants: ["feat/x"] });
  });

  it("looks past the merged part of the trunk: a branch merged into main forked where main's first-parent line meets it", () => {
    const result = relate({ commits: graph({ ...trunk, x1: ["m0"], merge: ["m2", "x1"] }), heads: { main: "merge", x: "x1" } });
    expect(result.x).toMatchObject({ forkPoint: "m0", forkParent: "main", mergedInto: ["main"], firstParentDescendants: [] });
  });

  it("ranks equally near candidates: the line a branch forked from before one that forked off that line later", () => {
    const result = relate({
      commits: graph({ ...trunk, d1: ["m0"], d2: ["d1"], d3: ["d2"], x1: ["d1"], y1: ["d2"] }),
      heads: { main: "m2", develop: "d3", x: "x1", y: "y1" },
    });
    expect(result.x).toMatchObject({ forkPoint: "d1", forkParent: "develop", forkCandidates: ["develop", "y"] });
    expect(result.y).toMatchObject({ forkPoint: "d2", forkParent: "develop", forkCandidates: ["develop"] });
  });

  it("ranks the default branch first and a branch that holds the fork point only through a merge last", () => {
    const result = relate({
      commits: graph({ ...trunk, a1: ["m1"], x1: ["a1"], c1: ["m1"], cmerge: ["c1", "a1"] }),
      heads: { main: "m2", "feat/a": "a1", x: "x1", "feat/c": "cmerge" },
    });
    expect(result.x?.forkCandidates).toEqual(["feat/a", "feat/c"]);
    expect(result["feat/c"]).toMatchObject({ forkPoint: "m1", forkCandidates: ["main", "feat/a"] });
  });

  it("reports no fork for a branch that shares no history, and none for the default branch", () => {
    const result = relate({ commits: graph({ ...trunk, o1: [], o2: ["o1"] }), heads: { main: "m2", orphan: "o2" } });
    expect(result.orphan).toMatchObject({ forkPoint: null, forkParent: null, forkCandidates: [], mergedInto: [] });
    expect(result.main).toMatchObject({ forkPoint: null, forkParent: null });
  });

  it("without a default branch, falls back to plain nearest ancestors", () => {
    const result = relate({ commits: graph({ ...trunk, a1: ["m1"] }), heads: { main: "m2", a: "a1" }, defaultBranch: null });
    expect(result.main).toMatchObject({ forkPoint: "m1", forkParent: "a" });
    expect(result.a).toMatchObject({ forkPoint: "m1", forkParent: "main" });
  });

  it("gives a head missing from the graph no relations, and ignores parents outside a shallow history", () => {
    const result = relate({ commits: graph({ s1: ["gone"], s2: ["s1"], a1: ["s2"] }), heads: { main: "s2", a: "a1", moved: "nowhere" } });
    expect(result.moved).toEqual({ headSha: "nowhere", forkPoint: null, forkParent: null, forkCandidates: [], mergedInto: [], firstParentDescendants: [] });
    expect(result.a).toMatchObject({ forkPoint: "s2", forkParent: "main" });
  });

  it("gives the same answer whatever order the commits arrive in", () => {
    const commits = graph({ ...trunk, a1: ["m1"], a2: ["a1"], b1: ["a2"], x1: ["a1"], merge: ["m2", "x1"] });
    const heads = { main: "merge", "feat/a": "a2", "feat/b": "b1", x: "x1" };
    expect(relate({ commits: [...commits].reverse(), heads })).toEqual(relate({ commits, heads }));
  });

  it("handles more branches than one bitset word holds", () => {
    const parents: Record<string, string[]> = { c0: [] };
    const heads: Record<string, string> = {};
    for (let index = 1; index <= 70; index += 1) {
      parents[`c${index}`] = [`c${index - 1}`];
      parents[`own${index}`] = [`c${index}`];
      heads[`b${String(index).padStart(2, "0")}`] = `own${index}`;
    }
    heads.main = "c70";
    const result = relate({ commits: graph(parents), heads });
    expect(result.b05).toMatchObject({ forkPoint: "c5", forkParent: "main", forkCandidates: ["main", ...Array.from({ length: 65 }, (_, at) => `b${String(at + 6).padStart(2, "0")}`)] });
    expect(result.b70).toMatchObject({ forkPoint: "c70", forkParent: "main", forkCandidates: ["main"] });
    expect(result.main?.mergedInto).toEqual(["b70"]);
  });
});
