import { describe, expect, it } from "vitest";
import type { BranchTreeNode } from "@/lib/design/divergence/layout-tree.ts";
import type { RepoDashboard } from "@/lib/plans/plan-types.ts";
import { buildScan } from "@/lib/prompt/test-fixtures.ts";
import { markLanded } from "./landed-dashboard.ts";

const node = (id: string, branch: string, parentId: string | null): BranchTreeNode => ({
  id,
  branch,
  nodeSlug: null,
  title: null,
  status: "done",
  parentId,
  depth: parentId ? 1 : 0,
  order: 0,
  worktreePath: null,
  isInDesign: true,
  isDefault: parentId === null,
  isDirty: false,
  ahead: null,
  behind: null,
  isMerged: false,
});

const dashboard: RepoDashboard = {
  plan: null,
  plans: [],
  rule: "feat/{slug}",
  defaultBranch: "main",
  layout: [
    node("branch:main", "main", null),
    node("node:a", "feat/a", "branch:main"),
    node("node:b", "feat/b", "node:a"),
  ],
  warnings: [
    { code: "done_not_merged", message: "a", branch: "feat/a" },
    { code: "done_not_merged", message: "b", branch: "feat/b" },
  ],
  scan: {
    repoRoot: "/r",
    commonDir: "/r/.git",
    scannedAt: "2026-01-01T00:00:00Z",
    worktrees: [buildScan({ branch: "feat/a" }), buildScan({ branch: "feat/c" })],
  },
};

describe("the dashboard after a squash or rebase landing", () => {
  it("shows a branch landed in the default branch as merged, without its done-not-merged warning", () => {
    const marked = markLanded(dashboard, { base: "main", landed: new Set(["feat/a"]) });
    expect(marked.layout.map((row) => row.isMerged)).toEqual([false, true, false]);
    expect(marked.warnings.map((warning) => warning.branch)).toEqual(["feat/b"]);
    expect(marked.scan.worktrees.map((worktree) => worktree.mergedInto)).toEqual(["main", null]);
  });

  it("leaves a landed branch whose design parent is another branch as it was (it must merge into that parent)", () => {
    const marked = markLanded(dashboard, { base: "main", landed: new Set(["feat/b"]) });
    expect(marked.layout.map((row) => row.isMerged)).toEqual([false, false, false]);
    expect(marked.warnings).toHaveLength(2);
  });
});
