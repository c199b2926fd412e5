import { describe, expect, it } from "vitest";
import { buildBranchFacts } from "./build-branch-facts.ts";
import { layoutBranchTree, type BranchTreeNode } from "./layout-tree.ts";
import type { BranchFacts, DesignNodeStatus, DesignTree } from "@/lib/design/types.ts";

const RULE = "feat/{slug}";

function design(nodes: [string, DesignNodeStatus, string?][]): DesignTree {
  return {
    nodes: nodes.map(([slug, status]) => ({ slug, title: `Title ${slug}`, description: null, status })),
    edges: nodes.flatMap(([slug, , parent]) => (parent ? [{ parent, child: slug }] : [])),
  };
}

/** main (m2, dirty-free, 1 ahead / 2 behind origin); feat/a moved on after feat/b forked and merged it back. */
const COMMITS: Record<string, string[]> = {
  m0: [],
  m1: ["m0"],
  m2: ["m1"],
  a1: ["m1"],
  a2: ["a1"],
  b1: ["a2"],
  a3: ["a2", "b1"],
  e1: ["a1"],
  h1: ["m2"],
  h2: ["h1"],
  o1: [],
};
const HEADS: Record<string, string> = {
  main: "m2",
  "feat/a": "a3",
  "feat/b": "b1",
  experiment: "e1",
  hotfix: "h1",
  "hotfix-2": "h2",
  orphan: "o1",
};

function facts({
  heads = HEADS,
  defaultBranch = "main",
}: { heads?: Record<string, string>; defaultBranch?: string | null } = {}): BranchFacts {
  return buildBranchFacts({
    commits: Object.entries(COMMITS).map(([sha, parents]) => ({ sha, parents })),
    heads: Object.entries(heads).map(([name, headSha]) => ({ name, headSha })),
    defaultBranch,
    worktrees: [
      { path: "/repo", branch: "main", isDirty: false },
      { path: "/wt/b", branch: "feat/b", isDirty: true },
    ],
    upstreams: new Map([["main", { ahead: 1, behind: 2 }]]),
  });
}

const TREE = design([
  ["a", "in_progress"],
  ["c", "planned", "a"],
  ["b", "done", "a"],
]);

/** One line per row: indentation shows depth, then id, parent and order. */
function outline(nodes: BranchTreeNode[]): string[] {
  return nodes.map((node) => `${"  ".repeat(node.depth)}${node.id} <- ${node.parentId ?? "root"} #${node.order}`);
}

describe("layoutBranchTree", () => {
  it("hangs design nodes under their design parents and other branches under their nearest trusted branch", () => {
    expect(outline(layoutBranchTree({ tree: TREE, branches: facts(), rule: RULE }))).toEqual([
      "branch:main <- root #0",
      "  node:a <- branch:main #1",
      "    node:c <- node:a #2",
      "    node:b <- node:a #3",
      "    branch:experiment <- node:a #4",
      "  branch:hotfix <- branch:main #5",
      "    branch:hotfix-2 <- branch:hotfix #6",
      "branch:orphan <- root #7",
    ]);
  });

  it("carries branch, worktree, design badge and state for each row", () => {
    const rows = new Map(layoutBranchTree({ tree: TREE, branches: facts(), rule: RULE }).map((row) => [row.id, row]));
    expect(rows.get("branch:main")).toEqual({
      id: "branch:main",
      branch: "main",
      nodeSlug: null,
      title: null,
      status: null,
      parentId: null,
      depth: 0,
      order: 0,
      worktreePath: "/repo",
      isInDesign: false,
      isDefault: true,
      isDirty: false,
      ahead: 1,
      behind: 2,
      isMerged: false,
    });
    expect(rows.get("node:b")).toMatchObject({
      branch: "feat/b",
      nodeSlug: "b",
      title: "Title b",
      status: "done",
      worktreePath: "/wt/b",
      isInDesign: true,
      isDefault: false,
      isDirty: true,
      ahead: null,
      behind: null,
      isMerged: true,
    });
    expect(rows.get("node:c")).toMatchObject({
      branch: null,
      nodeSlug: "c",
      status: "planned",
      worktreePath: null,
      isDirty: null,
      isMerged: false,
    });
    expect(rows.get("node:a")).toMatchObject({ branch: "feat/a", isMerged: false, isDirty: null });
  });

  it("keeps a design node's id when its branch appears, and never marks a branch at its parent's commit as merged", () => {
    const withC = layoutBranchTree({
      tree: TREE,
      branches: facts({ heads: { ...HEADS, "feat/c": "a3" } }),
      rule: RULE,
    });
    expect(withC.find((row) => row.nodeSlug === "c")).toMatchObject({
      id: "node:c",
      branch: "feat/c",
      parentId: "node:a",
      isMerged: false,
    });
    expect(withC.filter((row) => row.branch === "feat/c")).toHaveLength(1);
  });

  it("makes design roots roots when there is no default branch", () => {
    const rows = layoutBranchTree({ tree: TREE, branches: facts({ defaultBranch: null }), rule: RULE });
    expect(rows.find((row) => row.id === "node:a")?.parentId).toBeNull();
    expect(rows.find((row) => row.id === "branch:main")).toMatchObject({ isDefault: false });
  });

  it("gives the same rows whatever order the branches arrive in", () => {
    const branches = facts();
    const shuffled: BranchFacts = { ...branches, branches: [...branches.branches].reverse() };
    expect(layoutBranchTree({ tree: TREE, branches: shuffled, rule: RULE })).toEqual(
      layoutBranchTree({ tree: TREE, branches, rule: RULE }),
    );
  });

  it("still lists every node once when handed a design with a cycle", () => {
    const cyclic: DesignTree = {
      nodes: TREE.nodes,
      edges: [
        { parent: "a", child: "b" },
        { parent: "b", child: "a" },
      ],
    };
    const rows = layoutBranchTree({ tree: cyclic, branches: facts(), rule: RULE });
    expect(rows.map((row) => row.id).sort()).toEqual(
      [
        "branch:experiment",
        "branch:hotfix",
        "branch:hotfix-2",
        "branch:main",
        "branch:orphan",
        "node:a",
        "node:b",
        "node:c",
      ].sort(),
    );
    expect(rows.map((row) => row.order)).toEqual(rows.map((_, index) => index));
  });

  it("lays out a large repository with every branch exactly once", () => {
    const commits = [{ sha: "root", parents: [] as string[] }];
    const heads = [{ name: "main", headSha: "root" }];
    for (let index = 0; index < 3000; index += 1) {
      commits.push({ sha: `c${index}`, parents: [index < 10 ? "root" : `c${index % 10}`] });
      heads.push({ name: `feat/n-${index}`, headSha: `c${index}` });
    }
    const branches = buildBranchFacts({ commits, heads, defaultBranch: "main" });
    const tree = design(
      Array.from({ length: 100 }, (_, index) => [
        `n-${index}`,
        "in_progress",
        index >= 10 ? `n-${index % 10}` : undefined,
      ]),
    );
    const rows = layoutBranchTree({ tree, branches, rule: RULE });
    expect(rows).toHaveLength(3001);
    expect(new Set(rows.map((row) => row.branch)).size).toBe(3001);
    expect(rows.find((row) => row.branch === "feat/n-1234")?.parentId).toBe("node:n-4");
  });
});
