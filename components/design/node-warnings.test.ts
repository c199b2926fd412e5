import { describe, expect, it } from "vitest";
import type { BranchTreeNode } from "@/lib/design/divergence/layout-tree.ts";
import type { DivergenceWarning } from "@/lib/design/types.ts";
import { filterWorktreeWarnings, groupWarningsByRow, listShownWarnings, unplacedWarnings } from "./node-warnings.ts";

const row = (over: Partial<BranchTreeNode> & { id: string }): BranchTreeNode => ({
  branch: null,
  nodeSlug: null,
  title: null,
  status: null,
  parentId: null,
  depth: 0,
  order: 0,
  worktreePath: null,
  isInDesign: false,
  isDefault: false,
  isDirty: null,
  ahead: null,
  behind: null,
  isMerged: false,
  ...over,
});

const layout = [
  row({ id: "branch:main", branch: "main", isDefault: true, worktreePath: "/r/main" }),
  row({ id: "node:auth", nodeSlug: "auth", isInDesign: true }),
  row({ id: "node:login", nodeSlug: "login", branch: "feat/login", worktreePath: "/r/login" }),
  row({ id: "branch:stray", branch: "stray", worktreePath: "/r/stray" }),
];

describe("groupWarningsByRow", () => {
  it("puts a warning on the node it names, else on its branch's row", () => {
    const warnings: DivergenceWarning[] = [
      { code: "planned_without_branch", message: "no branch", nodeSlug: "auth", branch: "feat/auth" },
      {
        code: "forked_from_other_parent",
        message: "fork",
        nodeSlug: "login",
        branch: "feat/login",
        worktreePath: "/r/login",
      },
      { code: "worktree_not_in_design", message: "stray", branch: "stray", worktreePath: "/r/stray" },
      { code: "branch_not_in_design", message: "gone", branch: "feat/elsewhere" },
    ];
    const grouped = groupWarningsByRow({ layout, warnings });
    expect(grouped.get("node:auth")?.map((w) => w.code)).toEqual(["planned_without_branch"]);
    expect(grouped.get("node:login")?.map((w) => w.code)).toEqual(["forked_from_other_parent"]);
    expect(grouped.get("branch:stray")?.map((w) => w.code)).toEqual(["worktree_not_in_design"]);
    expect([...grouped.values()].flat()).toHaveLength(3);
    // Each warning once: the list under the tree holds only the one no row shows.
    expect(unplacedWarnings({ layout, warnings }).map((w) => w.message)).toEqual(["gone"]);
  });
});

describe("listShownWarnings and filterWorktreeWarnings", () => {
  const warnings: DivergenceWarning[] = [
    { code: "worktree_not_in_design", message: "a", branch: "a", worktreePath: "/r/a" },
    { code: "branch_not_in_design", message: "b", branch: "feat/b" },
  ];

  it("shows no warnings until the plan has a tree", () => {
    expect(listShownWarnings({ plan: null, warnings })).toEqual([]);
    expect(listShownWarnings({ plan: { tree: null }, warnings })).toEqual([]);
    expect(listShownWarnings({ plan: { tree: { nodes: [], edges: [] } }, warnings })).toHaveLength(2);
  });

  it("keeps the warnings naming the worktree's path", () => {
    expect(filterWorktreeWarnings({ warnings, worktreePath: "/r/a" }).map((w) => w.message)).toEqual(["a"]);
    expect(filterWorktreeWarnings({ warnings, worktreePath: "/r/b" })).toEqual([]);
  });
});
