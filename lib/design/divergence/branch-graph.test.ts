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

/** main: m0 ← m1 ← m2 (m2 is the default head, trunk position 0). */
const trunk = { m0: [], m1: ["m0"], m2: ["m1"] };

describe("computeBranchRelations", () => {
  it("describes stacked branches exactly: fork point, parent, who contains whom, trunk positions", () => {
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
        sharedAbove: [],
        mergedInto: ["feat/b"],
        stackedOn: ["feat/b"],
        trunkPosition: 1,
        forkPointTrunkPosition: 1,
      },
      "feat/b": {
        headSha: "b1",
        forkPoint: "a2",
        forkParent: "feat/a",
        forkCandidates: ["feat/a"],
        sharedAbove: [],
        mergedInto: [],
        stackedOn: [],
        trunkPosition: 1,
        forkPointTrunkPosition: null,
      },
      main: {
        headSha: "m2",
        forkPoint: null,
        forkParent: null,
        forkCandidates: [],
        sharedAbove: [],
        mergedInto: [],
        stackedOn: [],
        trunkPosition: 0,
        forkPointTrunkPosition: null,
      },
    });
  });

  it("never makes a parent and a child that both moved on each other's fork parent: they share a base", () => {
    const result = relate({
      commits: graph({ ...trunk, a1: ["m1"], a2: ["a1"], a3: ["a2"], b1: ["a2"] }),
      heads: { main: "m2", "feat/a": "a3", "feat/b": "b1" },
    });
    expect(result["feat/a"]).toMatchObject({
      forkPoint: "m1",
      forkParent: "main",
      sharedAbove: [{ commit: "a2", onLine: ["feat/b"], viaMerge: [] }],
      mergedInto: [],
    });
    expect(result["feat/b"]).toMatchObject({
      forkPoint: "m1",
      forkParent: "main",
      sharedAbove: [{ commit: "a2", onLine: ["feat/a"], viaMerge: [] }],
      mergedInto: [],
    });
  });

  it("names a branch whose whole history the branch contains as its fork parent", () => {
    const result = relate({
      commits: graph({ ...trunk, a1: ["m1"], x1: ["a1"], x2: ["x1"] }),
      heads: { main: "m2", "feat/a": "a1", x: "x2" },
    });
    expect(result.x).toMatchObject({
      forkPoint: "a1",
      forkParent: "feat/a",
      forkCandidates: ["feat/a"],
      sharedAbove: [],
    });
    expect(result["feat/a"]).toMatchObject({ forkParent: "main", mergedInto: ["x"], stackedOn: ["x"] });
  });

  it("puts a branch created on the trunk (at its tip or an older commit) under the trunk, with the fork point at its head", () => {
    const result = relate({ commits: graph(trunk), heads: { main: "m2", fresh: "m2", old: "m1" } });
    expect(result.fresh).toMatchObject({
      forkPoint: "m2",
      forkParent: "main",
      mergedInto: ["main"],
      stackedOn: ["main"],
      trunkPosition: 0,
    });
    expect(result.old).toMatchObject({
      forkPoint: "m1",
      forkParent: "main",
      mergedInto: ["fresh", "main"],
      stackedOn: ["fresh", "main"],
      forkPointTrunkPosition: 1,
    });
  });

  it("treats two branches at the same commit as siblings, each merged into the other", () => {
    const result = relate({
      commits: graph({ ...trunk, a1: ["m1"] }),
      heads: { main: "m2", "feat/a": "a1", "feat/b": "a1" },
    });
    expect(result["feat/a"]).toMatchObject({
      forkPoint: "m1",
      forkParent: "main",
      sharedAbove: [],
      mergedInto: ["feat/b"],
      stackedOn: ["feat/b"],
    });
    expect(result["feat/b"]).toMatchObject({
      forkPoint: "m1",
      forkParent: "main",
      sharedAbove: [],
      mergedInto: ["feat/a"],
    });
  });

  it("tells a merge through a merge commit from building on a branch, and keeps the fork parent of a merged branch", () => {
    const result = relate({
      commits: graph({ ...trunk, a1: ["m1"], x1: ["a1"], merge: ["m2", "x1"] }),
      heads: { main: "merge", "feat/a": "a1", x: "x1" },
    });
    expect(result.x).toMatchObject({
      forkPoint: "a1",
      forkParent: "feat/a",
      sharedAbove: [],
      mergedInto: ["main"],
      stackedOn: [],
      trunkPosition: 2,
    });
    expect(result["feat/a"]).toMatchObject({
      forkPoint: "m1",
      forkParent: "main",
      mergedInto: ["main", "x"],
      stackedOn: ["x"],
    });
  });

  it("finds the fork on the trunk's first-parent line for a branch main merged through a merge commit", () => {
    const result = relate({
      commits: graph({ ...trunk, x1: ["m0"], p1: ["x1"], merge: ["m2", "p1"], y1: ["x1"] }),
      heads: { main: "merge", x: "x1", peer: "p1", y: "y1" },
    });
    expect(result.x).toMatchObject({
      forkPoint: "m0",
      forkParent: "main",
      sharedAbove: [],
      mergedInto: ["main", "peer", "y"],
    });
    expect(result.y).toMatchObject({ forkPoint: "x1", forkParent: "x", sharedAbove: [] });
    expect(result.peer).toMatchObject({ forkPoint: "x1", forkParent: "x", mergedInto: ["main"], stackedOn: [] });
  });

  it("measures trunk positions through merges: a branch that merged main holds the newest trunk commit", () => {
    const result = relate({
      commits: graph({ ...trunk, u1: ["m0"], update: ["u1", "m2"] }),
      heads: { main: "m2", u: "update" },
    });
    expect(result.u).toMatchObject({
      forkPoint: "m0",
      forkParent: "main",
      trunkPosition: 0,
      forkPointTrunkPosition: 2,
    });
  });

  it("reports no fork for a branch that shares no history, and none for the default branch", () => {
    const result = relate({ commits: graph({ ...trunk, o1: [], o2: ["o1"] }), heads: { main: "m2", orphan: "o2" } });
    expect(result.orphan).toMatchObject({
      forkPoint: null,
      forkParent: null,
      forkCandidates: [],
      sharedAbove: [],
      mergedInto: [],
      trunkPosition: null,
    });
    expect(result.main).toMatchObject({ forkPoint: null, forkParent: null });
  });

  it("without a default branch, only ancestor branch heads are fork points", () => {
    const result = relate({
      commits: graph({ ...trunk, a1: ["m1"] }),
      heads: { main: "m2", a: "a1", base: "m0" },
      defaultBranch: null,
    });
    expect(result.a).toMatchObject({
      forkPoint: "m0",
      forkParent: "base",
      sharedAbove: [{ commit: "m1", onLine: ["main"], viaMerge: [] }],
      trunkPosition: null,
    });
    expect(result.main).toMatchObject({
      forkPoint: "m0",
      forkParent: "base",
      sharedAbove: [{ commit: "m1", onLine: ["a"], viaMerge: [] }],
    });
  });

  it("gives a head missing from the graph no relations, and ignores parents outside a shallow history", () => {
    const result = relate({
      commits: graph({ s1: ["gone"], s2: ["s1"], a1: ["s2"] }),
      heads: { main: "s2", a: "a1", moved: "nowhere" },
    });
    expect(result.moved).toEqual({
      headSha: "nowhere",
      forkPoint: null,
      forkParent: null,
      forkCandidates: [],
      sharedAbove: [],
      mergedInto: [],
      stackedOn: [],
      trunkPosition: null,
      forkPointTrunkPosition: null,
    });
    expect(result.a).toMatchObject({ forkPoint: "s2", forkParent: "main" });
  });

  it("lists a branch that forked from the branch's older commits and later merged its head where its line joins", () => {
    const result = relate({
      commits: graph({ ...trunk, a1: ["m1"], a2: ["a1"], u1: ["a1"], u2: ["u1", "a2"], merge: ["m2", "a2"] }),
      heads: { main: "merge", "feat/a": "a2", update: "u2" },
    });
    expect(result["feat/a"]).toMatchObject({
      mergedInto: ["main", "update"],
      stackedOn: [],
      sharedAbove: [{ commit: "a1", onLine: ["update"], viaMerge: [] }],
    });
  });

  it("gives the same answer whatever order the commits and heads arrive in", () => {
    const commits = graph({
      ...trunk,
      a1: ["m1"],
      a2: ["a1"],
      a3: ["a2"],
      b1: ["a2"],
      x1: ["a1"],
      merge: ["m2", "x1"],
    });
    const heads = { main: "merge", "feat/a": "a3", "feat/b": "b1", x: "x1" };
    const reversedHeads = Object.fromEntries(Object.entries(heads).reverse());
    expect(relate({ commits: [...commits].reverse(), heads: reversedHeads })).toEqual(relate({ commits, heads }));
  });

  it("handles more branches than one bitset word holds", () => {
    const parents: Record<string, string[]> = { ...trunk, l1: ["m1"] };
    const heads: Record<string, string> = { main: "m2", long: "l70" };
    const name = (index: number) => `b${String(index).padStart(2, "0")}`;
    for (let index = 1; index <= 70; index += 1) {
      if (index > 1) parents[`l${index}`] = [`l${index - 1}`];
      parents[`own${index}`] = [`l${index}`];
      heads[name(index)] = `own${index}`;
    }
    const result = relate({ commits: graph(parents), heads });
    expect(result.long?.sharedAbove).toHaveLength(69);
    expect(result.long?.sharedAbove[0]).toEqual({ commit: "l69", onLine: ["b69"], viaMerge: [] });
    expect(result.long?.sharedAbove.at(-1)).toEqual({ commit: "l1", onLine: ["b01"], viaMerge: [] });
    expect(result.long?.mergedInto).toEqual(["b70"]);
    expect(result.b70).toMatchObject({ forkPoint: "l70", forkParent: "long" });
    expect(result.b05).toMatchObject({ forkPoint: "m1", forkParent: "main" });
    expect(result.b05?.sharedAbove[0]).toEqual({
      commit: "l5",
      onLine: [...Array.from({ length: 65 }, (_, at) => name(at + 6)), "long"],
      viaMerge: [],
    });
    expect(result.b05?.sharedAbove.slice(1)).toEqual(
      [4, 3, 2, 1].map((index) => ({ commit: `l${index}`, onLine: [name(index)], viaMerge: [] })),
    );
  });
});
