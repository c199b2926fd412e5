import { describe, expect, it } from "vitest";
import {
  buildMergeOrder,
  overlappingFiles,
  siblingPairsToCheck,
  topologicalSlugs,
  designParents,
  FILES_LISTED,
  SIBLING_RISKS_LISTED,
} from "./merge-order.ts";
import { branchFacts as facts, planNode as node } from "./merge-order-fixtures.ts";
import type { DesignTree } from "@/lib/design/types.ts";

const RULE = "feat/{slug}";

// api → (auth → login), ui; listed children-first to prove the order comes from the edges.
const tree: DesignTree = {
  nodes: [node("login"), node("ui"), node("auth"), node("api")],
  edges: [
    { parent: "auth", child: "login" },
    { parent: "api", child: "auth" },
    { parent: "api", child: "ui" },
  ],
};

describe("merge order", () => {
  it("puts parents before children and otherwise keeps the design's order", () => {
    const { parentOf } = designParents(tree);
    expect(topologicalSlugs(tree, parentOf)).toEqual(["api", "ui", "auth", "login"]);
    const order = buildMergeOrder({
      tree,
      rule: RULE,
      base: "main",
      git: new Map([
        ["feat/api", facts()],
        ["feat/auth", facts()],
        ["feat/ui", facts()],
        ["feat/login", facts()],
      ]),
      siblingMerges: [],
    });
    expect(order.entries.map((entry) => [entry.branch, entry.step, entry.state, entry.depth])).toEqual([
      ["feat/api", 1, "ready", 0],
      ["feat/ui", 2, "waiting", 1],
      ["feat/auth", 3, "waiting", 1],
      ["feat/login", 4, "waiting", 2],
    ]);
    expect(order.entries[3]!.landsAfter).toEqual(["feat/api", "feat/auth"]);
    expect(order.warnings).toEqual([]);
  });

  it("shows landed branches without a step, and missing ones as not created (deleted after landing counts as landed when done)", () => {
    const order = buildMergeOrder({
      tree: { nodes: [...tree.nodes.slice(0, 2), node("auth"), node("api", "done")], edges: tree.edges },
      rule: RULE,
      base: "main",
      git: new Map([
        ["feat/auth", facts({ isLanded: false })],
        ["feat/ui", facts({ ahead: 0, isLanded: true })],
      ]),
      siblingMerges: [],
    });
    const byBranch = Object.fromEntries(order.entries.map((entry) => [entry.branch, [entry.state, entry.step]]));
    expect(byBranch).toEqual({
      "feat/api": ["landed", null],
      "feat/ui": ["landed", null],
      "feat/auth": ["ready", 1],
      "feat/login": ["not_created", null],
    });
    expect(order.entries.find((entry) => entry.slug === "login")!.landsAfter).toEqual(["feat/auth"]);
  });

  it("keeps a branch with no commits of its own in the order, said as such, and warns of nothing about it", () => {
    const order = buildMergeOrder({
      tree,
      rule: RULE,
      base: "main",
      git: new Map([
        ["feat/api", facts()],
        ["feat/auth", facts({ ahead: 0, behind: 3 })],
        ["feat/ui", facts({ ahead: 0 })],
      ]),
      siblingMerges: [],
    });
    const api = buildMergeOrder({
      tree,
      rule: RULE,
      base: "main",
      git: new Map([["feat/api", facts({ ahead: 0 })]]),
      siblingMerges: [],
    });
    expect(api.entries[0]).toMatchObject({ branch: "feat/api", state: "no_commits", step: 1 });
    expect(order.entries.map((entry) => [entry.branch, entry.state, entry.step])).toEqual([
      ["feat/api", "ready", 1],
      ["feat/ui", "waiting", 2],
      ["feat/auth", "waiting", 3],
      ["feat/login", "not_created", null],
    ]);
    expect(order.warnings).toEqual([]);
  });

  it("warns when a child landed before its parent, and when a branch is far behind the base", () => {
    const order = buildMergeOrder({
      tree,
      rule: RULE,
      base: "main",
      git: new Map([
        ["feat/api", facts({ behind: 50 })],
        ["feat/auth", facts({ ahead: 0, isLanded: true })],
        ["feat/ui", facts({ behind: 49 })],
      ]),
      siblingMerges: [],
    });
    expect(order.warnings.map((warning) => [warning.code, warning.branch])).toEqual([
      ["far_behind", "feat/api"],
      ["child_landed_before_parent", "feat/auth"],
    ]);
    expect(order.warnings[0]!.message).toContain("50 commits behind main");
    expect(order.warnings[1]!.message).toContain("before its parent feat/api");
  });

  it("pairs only live siblings whose changed files overlap, and reports merge-tree's verdict", () => {
    const git = new Map([
      ["feat/api", facts({ ownFiles: ["server.ts"] })],
      ["feat/auth", facts({ ownFiles: ["src/auth.ts", "README.md"], baseConflicts: ["README.md"] })],
      ["feat/ui", facts({ ownFiles: ["README.md", "src/ui.tsx"] })],
      ["feat/login", facts({ ownFiles: ["src/auth.ts"] })],
    ]);
    expect(siblingPairsToCheck({ tree, rule: RULE, git })).toEqual([
      { a: "feat/ui", b: "feat/auth", sharedFiles: ["README.md"] },
    ]);
    const order = buildMergeOrder({
      tree,
      rule: RULE,
      base: "main",
      git,
      siblingMerges: [{ a: "feat/ui", b: "feat/auth", conflictingFiles: ["README.md"] }],
    });
    const auth = order.entries.find((entry) => entry.slug === "auth")!;
    expect(auth.baseConflicts).toEqual(["README.md"]);
    expect(auth.siblingRisks).toEqual([
      {
        branch: "feat/ui",
        sharedFiles: ["README.md"],
        sharedFileCount: 1,
        conflictingFiles: ["README.md"],
        conflictingFileCount: 1,
        isChecked: true,
      },
    ]);
    // login changes auth.ts like its parent, but they are not siblings.
    expect(order.entries.find((entry) => entry.slug === "login")!.siblingRisks).toEqual([]);
    // A landed sibling is no risk any more.
    git.set("feat/ui", facts({ ahead: 0, isLanded: true, ownFiles: ["README.md"] }));
    expect(siblingPairsToCheck({ tree, rule: RULE, git })).toEqual([]);
  });

  it("says which sibling pairs were not merged to check", () => {
    const order = buildMergeOrder({
      tree,
      rule: RULE,
      base: "main",
      git: new Map([
        ["feat/api", facts()],
        ["feat/auth", facts({ ownFiles: ["CHANGELOG.md"] })],
        ["feat/ui", facts({ ownFiles: ["CHANGELOG.md"] })],
      ]),
      siblingMerges: [{ a: "feat/ui", b: "feat/auth", conflictingFiles: null }],
    });
    expect(order.entries.find((entry) => entry.slug === "auth")!.siblingRisks).toEqual([
      {
        branch: "feat/ui",
        sharedFiles: ["CHANGELOG.md"],
        sharedFileCount: 1,
        conflictingFiles: [],
        conflictingFileCount: 0,
        isChecked: false,
      },
    ]);
  });

  it("lists a bounded number of siblings (conflicting ones first) and files per entry, counting the rest", () => {
    // 300 roots that all change CHANGELOG.md, and 120 files besides; every tenth pair with n-0 conflicts.
    const many: DesignTree = { nodes: Array.from({ length: 300 }, (_, index) => node(`n-${index}`)), edges: [] };
    const files = ["CHANGELOG.md", ...Array.from({ length: 120 }, (_, index) => `f-${index}.ts`)];
    const git = new Map(
      many.nodes.map((entry) => [`feat/${entry.slug}`, facts({ ownFiles: files, baseConflicts: files })]),
    );
    const siblingMerges = many.nodes.slice(1).map((entry, index) => ({
      a: "feat/n-0",
      b: `feat/${entry.slug}`,
      conflictingFiles: index % 10 === 0 ? files : [],
    }));
    const order = buildMergeOrder({ tree: many, rule: RULE, base: "main", git, siblingMerges });
    const first = order.entries[0]!;
    expect(first.siblingRisks).toHaveLength(SIBLING_RISKS_LISTED);
    expect(first.siblingRisksNotListed).toBe(299 - SIBLING_RISKS_LISTED);
    // The 30 siblings that conflict come first: the listed ones all do.
    expect(first.siblingRisks.every((risk) => risk.conflictingFileCount === files.length)).toBe(true);
    expect(first.siblingRisks[0]).toMatchObject({ sharedFileCount: files.length, conflictingFileCount: files.length });
    expect(first.siblingRisks[0]!.sharedFiles).toHaveLength(FILES_LISTED);
    expect(first.siblingRisks[0]!.conflictingFiles).toHaveLength(FILES_LISTED);
    expect(first.baseConflicts).toHaveLength(FILES_LISTED);
    expect(first.baseConflictCount).toBe(files.length);
    // The whole order stays small enough to send: every entry is bounded the same way.
    expect(JSON.stringify(order).length).toBeLessThan(300 * 40_000);
    expect(order.entries.every((entry) => entry.siblingRisks.length <= SIBLING_RISKS_LISTED)).toBe(true);
  });

  it("sees a file on one side where the other side has a folder as overlapping", () => {
    expect(overlappingFiles(["docs"], ["docs/a.md", "x"])).toEqual(["docs"]);
    expect(overlappingFiles(["docs/a.md"], ["docs"])).toEqual(["docs"]);
    expect(overlappingFiles(["a/b.txt"], ["a/c.txt"])).toEqual([]);
  });

  it("orders a child of an unknown parent as a root, with a warning", () => {
    const order = buildMergeOrder({
      tree: { nodes: [node("b"), node("a")], edges: [{ parent: "ghost", child: "b" }] },
      rule: RULE,
      base: "main",
      git: new Map([["feat/b", facts()]]),
      siblingMerges: [],
    });
    expect(order.entries.map((entry) => [entry.slug, entry.parentSlug, entry.state])).toEqual([
      ["b", null, "ready"],
      ["a", null, "not_created"],
    ]);
    expect(order.warnings.map((warning) => warning.code)).toEqual(["unknown_parent"]);
  });
});
