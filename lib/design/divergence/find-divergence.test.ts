import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { buildBranchFacts, type WorktreeOnBranch } from "./build-branch-facts.ts";
import { findDivergence } from "./find-divergence.ts";
import type { BranchFacts, DesignNodeStatus, DesignTree, DivergenceWarning } from "@/lib/design/types.ts";

const RULE = "feat/{slug}";

/** main: m0 ← m1 ← m2. Names stand in for shas. */
const TRUNK = { m0: [], m1: ["m0"], m2: ["m1"] };

function repo({
  commits,
  heads,
  worktrees = [],
}: {
  commits: Record<string, string[]>;
  heads: Record<string, string>;
  worktrees?: WorktreeOnBranch[];
}): BranchFacts {
  return buildBranchFacts({
    commits: Object.entries({ ...TRUNK, ...commits }).map(([sha, parents]) => ({ sha, parents })),
    heads: Object.entries({ main: "m2", ...heads }).map(([name, headSha]) => ({ name, headSha })),
    defaultBranch: "main",
    worktrees,
  });
}

/** Nodes as `[slug, status, parentSlug?]`, in design order. */
function design(nodes: [string, DesignNodeStatus, string?][]): DesignTree {
  return {
    nodes: nodes.map(([slug, status]) => ({ slug, title: `Title ${slug}`, description: null, status })),
    edges: nodes.flatMap(([slug, , parent]) => (parent ? [{ parent, child: slug }] : [])),
  };
}

/** `code node-or-branch` per warning, for exact comparison of what was found. */
function summarize(warnings: DivergenceWarning[]): string[] {
  return warnings.map((warning) => `${warning.code} ${warning.nodeSlug ?? warning.branch}`);
}

describe("findDivergence", () => {
  it("finds nothing when the repository follows the design: stacked, merged back, updated, fresh children", () => {
    const branches = repo({
      commits: { a1: ["m1"], c1: ["a1"], a2: ["a1", "c1"], a3: ["a2"], b1: ["a2"], u1: ["b1"], u2: ["u1", "a3"] },
      heads: {
        "feat/auth": "a3",
        "feat/login": "b1",
        "feat/session": "b1",
        "feat/logout": "c1",
        "feat/signup": "a1",
        "feat/update": "u2",
        experiment: "c1",
      },
    });
    const tree = design([
      ["auth", "in_progress"],
      ["login", "in_progress", "auth"],
      ["session", "planned", "login"],
      ["logout", "done", "auth"],
      ["signup", "in_progress", "auth"],
      ["update", "in_progress", "login"],
    ]);
    expect(findDivergence({ tree, branches, rule: RULE })).toEqual([]);
  });

  it("a planned node under a planned parent without a branch waits for the parent's branch (as the create button does)", () => {
    const branches = repo({ commits: {}, heads: {} });
    const tree = design([
      ["api", "planned"],
      ["login", "planned", "api"],
    ]);
    expect(findDivergence({ tree, branches, rule: RULE })).toEqual([
      {
        code: "planned_without_branch",
        nodeSlug: "api",
        branch: "feat/api",
        message:
          'Node "api" is planned but has no branch feat/api yet. Create it from main (git switch -c feat/api main) when you start the work.',
      },
      {
        code: "planned_without_branch",
        nodeSlug: "login",
        branch: "feat/login",
        waitsForNode: "api",
        message:
          'Node "login" is planned but has no branch feat/login yet, and its parent "api" has no branch feat/api either. Create feat/api first, then feat/login from it.',
      },
    ]);
  });

  it("asks to create planned branches from the right base, and flags an in-progress node whose branch is gone", () => {
    const branches = repo({ commits: { x1: ["m2"] }, heads: { "feat/x": "x1" } });
    const tree = design([
      ["api", "planned"],
      ["x", "in_progress"],
      ["login", "planned", "x"],
      ["auth", "in_progress"],
      ["old", "done"],
    ]);
    expect(findDivergence({ tree, branches, rule: RULE })).toEqual([
      {
        code: "planned_without_branch",
        nodeSlug: "api",
        branch: "feat/api",
        message:
          'Node "api" is planned but has no branch feat/api yet. Create it from main (git switch -c feat/api main) when you start the work.',
      },
      {
        code: "planned_without_branch",
        nodeSlug: "login",
        branch: "feat/login",
        message:
          'Node "login" is planned but has no branch feat/login yet. Create it from feat/x (git switch -c feat/login feat/x) when you start the work.',
      },
      {
        code: "missing_branch",
        nodeSlug: "auth",
        branch: "feat/auth",
        message:
          'Node "auth" is in progress, but its branch feat/auth does not exist. Restore or create feat/auth, or set the node back to planned.',
      },
    ]);
  });

  it("flags a branch whose design parent's branch no longer exists, and compares it with the next ancestor up", () => {
    const branches = repo({ commits: { b1: ["m1"], i1: ["b1"] }, heads: { "feat/invoices": "i1" } });
    const tree = design([
      ["billing", "done"],
      ["invoices", "in_progress", "billing"],
    ]);
    expect(findDivergence({ tree, branches, rule: RULE })).toEqual([
      {
        code: "parent_branch_missing",
        nodeSlug: "invoices",
        branch: "feat/invoices",
        message:
          'Branch feat/invoices (node "invoices") sits under node "billing" in the design, but that node\'s branch feat/billing does not exist. Create feat/billing, or move "invoices" under another node and rebase feat/invoices onto that node\'s branch.',
      },
    ]);
  });

  it("flags a branch forked from the trunk after its design parent left it, but not one forked where the parent did", () => {
    const branches = repo({
      commits: { a1: ["m1"], s1: ["m2"], t1: ["m1"] },
      heads: { "feat/auth": "a1", "feat/signup": "s1", "feat/tie": "t1" },
      worktrees: [{ path: "/wt/signup", branch: "feat/signup" }],
    });
    const tree = design([
      ["auth", "in_progress"],
      ["signup", "in_progress", "auth"],
      ["tie", "in_progress", "auth"],
    ]);
    expect(findDivergence({ tree, branches, rule: RULE })).toEqual([
      {
        code: "forked_from_other_parent",
        nodeSlug: "signup",
        branch: "feat/signup",
        worktreePath: "/wt/signup",
        message:
          'Branch feat/signup (node "signup") was forked from main, but the design puts it under feat/auth (node "auth"). Rebase it (git rebase --onto feat/auth main feat/signup), or move the node in the design.',
      },
    ]);
  });

  it("flags a branch forked from a sibling that stayed put", () => {
    const branches = repo({
      commits: { a1: ["m1"], s1: ["a1"], x1: ["s1"] },
      heads: { "feat/auth": "a1", "feat/sib": "s1", "feat/x": "x1" },
    });
    const tree = design([
      ["auth", "in_progress"],
      ["sib", "in_progress", "auth"],
      ["x", "in_progress", "auth"],
    ]);
    const warnings = findDivergence({ tree, branches, rule: RULE });
    expect(summarize(warnings)).toEqual(["forked_from_other_parent x"]);
    expect(warnings[0]?.message).toContain("was forked from feat/sib, but the design puts it under feat/auth");
  });

  it("flags both sides when two siblings share commits their parent lacks, since git cannot say which forked", () => {
    const branches = repo({
      commits: { a1: ["m1"], s1: ["a1"], s2: ["s1"], x1: ["s1"] },
      heads: { "feat/auth": "a1", "feat/sib": "s2", "feat/x": "x1" },
    });
    const tree = design([
      ["auth", "in_progress"],
      ["sib", "in_progress", "auth"],
      ["x", "in_progress", "auth"],
    ]);
    const warnings = findDivergence({ tree, branches, rule: RULE });
    expect(summarize(warnings)).toEqual(["forked_from_other_parent sib", "forked_from_other_parent x"]);
    expect(warnings[1]?.message).toBe(
      'Branch feat/x (node "x") shares commits with feat/sib that feat/auth (node "auth"), its parent in the design, does not have: one of them was forked from the other. Rebase whichever was forked by mistake onto its parent in the design, or move the node in the design.',
    );
  });

  it("says when a branch shares no history with its design parent", () => {
    const branches = repo({ commits: { o1: [] }, heads: { "feat/orphan": "o1" } });
    const warnings = findDivergence({ tree: design([["orphan", "in_progress"]]), branches, rule: RULE });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'Branch feat/orphan (node "orphan") shares no history with main (the default branch), its parent in the design. Recreate it from main, or move the node in the design.',
    ]);
  });

  it("flags a branch merged into another branch than its design parent, but not merges by children or into the parent too", () => {
    const branches = repo({
      commits: {
        a1: ["m1"],
        a2: ["a1"],
        l1: ["a2"],
        main2: ["m2", "l1"],
        k1: ["a2"],
        a3: ["a2", "k1"],
        kmain: ["main2", "k1"],
        b1: ["a3"],
        b2: ["b1", "a3"],
        w1: ["l1"],
      },
      heads: {
        main: "kmain",
        "feat/auth": "a3",
        "feat/logout": "l1",
        "feat/kept": "k1",
        "feat/child": "b2",
        wip: "w1",
      },
    });
    const tree = design([
      ["auth", "in_progress"],
      ["logout", "in_progress", "auth"],
      ["kept", "done", "auth"],
      ["child", "in_progress", "auth"],
    ]);
    const warnings = findDivergence({ tree, branches, rule: RULE });
    expect(warnings).toEqual([
      {
        code: "merged_into_other_branch",
        nodeSlug: "logout",
        branch: "feat/logout",
        message:
          'Branch feat/logout (node "logout") was merged into main but not into feat/auth (node "auth"), its parent in the design. Merge it into feat/auth as well, or move the node under the branch it went into.',
      },
    ]);
  });

  it("does not call a branch outside the design that forked from a node and merges its parent to stay current a merge target", () => {
    const branches = repo({
      commits: { a1: ["m1"], a2: ["a1"], b1: ["a1"], u1: ["b1"], u2: ["u1", "a2"] },
      heads: { "feat/auth": "a2", "feat/login": "b1", "update-x": "u2" },
    });
    const tree = design([
      ["auth", "in_progress"],
      ["login", "in_progress", "auth"],
    ]);
    expect(findDivergence({ tree, branches, rule: RULE })).toEqual([]);
  });

  it("accepts a child started from the default branch after its parent landed there, as a plan run does", () => {
    const landedParent = { a1: ["m1"], main2: ["m1", "a1"], d1: ["main2"] };
    const tree = design([
      ["api", "done"],
      ["docs", "in_progress", "api"],
    ]);
    const running = repo({ commits: landedParent, heads: { main: "main2", "feat/api": "a1", "feat/docs": "d1" } });
    expect(summarize(findDivergence({ tree, branches: running, rule: RULE }))).toEqual([]);
    const landed = repo({
      commits: { ...landedParent, main3: ["main2", "d1"] },
      heads: { main: "main3", "feat/api": "a1", "feat/docs": "d1" },
    });
    expect(summarize(findDivergence({ tree, branches: landed, rule: RULE }))).toEqual([]);
    // Before the parent has landed, a child from the default branch is still forked from the wrong place.
    const early = repo({
      commits: { a1: ["m1"], d1: ["m1"] },
      heads: { main: "m1", "feat/api": "a1", "feat/docs": "d1" },
    });
    expect(summarize(findDivergence({ tree, branches: early, rule: RULE }))).not.toEqual([]);
  });

  it("names only the branch that took the work, not one created from it later", () => {
    const branches = repo({
      commits: { a1: ["m1"], l1: ["a1"], main3: ["m2", "l1"] },
      heads: { main: "main3", "feat/auth": "a1", "feat/logout": "l1", "release-x": "main3" },
    });
    const tree = design([
      ["auth", "in_progress"],
      ["logout", "in_progress", "auth"],
    ]);
    const warnings = findDivergence({ tree, branches, rule: RULE });
    expect(summarize(warnings)).toEqual(["merged_into_other_branch logout"]);
    expect(warnings[0]?.message).toContain("was merged into main but not into feat/auth");
  });

  it("between two unrelated nodes, reports the one merged into the other as merged and the other as carrying its commits", () => {
    const branches = repo({
      commits: { a1: ["m1"], l1: ["a1"], a2: ["a1"], l2: ["l1", "a2"] },
      heads: { "feat/auth": "a2", "feat/login": "l2" },
    });
    const tree = design([
      ["auth", "in_progress"],
      ["login", "in_progress"],
    ]);
    const warnings = findDivergence({ tree, branches, rule: RULE });
    expect(summarize(warnings)).toEqual(["merged_into_other_branch auth", "forked_from_other_parent login"]);
    expect(warnings[0]?.message).toContain('feat/auth (node "auth") was merged into feat/login but not into main');
    expect(warnings[1]?.message).toContain(
      'feat/login (node "login") shares commits with feat/auth that main (the default branch)',
    );
  });

  it("reports a node forked from and merged back into the wrong design branch as merged there", () => {
    const branches = repo({
      commits: { a1: ["m1"], o1: ["a1"], a2: ["a1", "o1"], d1: ["m2"] },
      heads: { "feat/auth": "a2", "feat/logout": "o1", "feat/docs": "d1" },
    });
    const tree = design([
      ["auth", "in_progress"],
      ["docs", "in_progress"],
      ["logout", "in_progress", "docs"],
    ]);
    const warnings = findDivergence({ tree, branches, rule: RULE });
    expect(summarize(warnings)).toEqual(["forked_from_other_parent auth", "merged_into_other_branch logout"]);
    expect(warnings[0]?.message).toContain('feat/auth (node "auth") shares commits with feat/logout that main');
    expect(warnings[1]?.message).toContain(
      'feat/logout (node "logout") was merged into feat/auth but not into feat/docs',
    );
  });

  it("flags a done node whose branch is not merged into its design parent", () => {
    const branches = repo({
      commits: { d1: ["m1"], s1: ["m1"], main2: ["m2", "s1"] },
      heads: { main: "main2", "feat/docs": "d1", "feat/search": "s1" },
    });
    const tree = design([
      ["docs", "done"],
      ["search", "done"],
    ]);
    expect(findDivergence({ tree, branches, rule: RULE })).toEqual([
      {
        code: "done_not_merged",
        nodeSlug: "docs",
        branch: "feat/docs",
        message:
          'Node "docs" is marked done, but feat/docs is not merged into main (the default branch). Merge it, or set the node back to in progress.',
      },
    ]);
  });

  it("reports branches and worktrees outside the design once each, never the default branch", () => {
    const branches = repo({
      commits: { o1: ["m2"], s1: ["m2"], e1: ["m2"] },
      heads: { "feat/old-spike": "o1", "feat/stale": "s1", experiment: "e1", tmp: "m1", "feat/Bad": "m1" },
      worktrees: [
        { path: "/repo", branch: "main" },
        { path: "/wt/stale", branch: "feat/stale" },
        { path: "/wt/experiment", branch: "experiment" },
      ],
    });
    expect(findDivergence({ tree: design([]), branches, rule: RULE })).toEqual([
      {
        code: "worktree_not_in_design",
        branch: "experiment",
        worktreePath: "/wt/experiment",
        message:
          "The worktree /wt/experiment is on branch experiment, which is not part of the design. Add a node for this work and rename the branch to follow feat/{slug}, or remove the worktree when you are done with it.",
      },
      {
        code: "branch_not_in_design",
        branch: "feat/old-spike",
        message:
          'Branch feat/old-spike follows the naming rule feat/{slug} but the design has no node "old-spike". Add a node "old-spike" to the design, or rename or delete the branch.',
      },
      {
        code: "branch_not_in_design",
        branch: "feat/stale",
        worktreePath: "/wt/stale",
        message:
          'Branch feat/stale follows the naming rule feat/{slug} but the design has no node "stale" (it is checked out in /wt/stale). Add a node "stale" to the design, or rename or delete the branch.',
      },
    ]);
  });

  it("writes out the invisible characters of a branch git has in the sentence, so it cannot read as another", () => {
    const branches = repo({
      commits: { e1: ["m2"] },
      heads: { "x/\u202Eevil\u202C": "e1" },
      worktrees: [{ path: "/wt/evil", branch: "x/\u202Eevil\u202C" }],
    });
    const [warning] = findDivergence({ tree: design([]), branches, rule: RULE });
    expect(warning?.branch).toBe("x/\u202Eevil\u202C");
    expect(warning?.message).toBe(
      "The worktree /wt/evil is on branch x/[U+202E]evil[U+202C], which is not part of the design. Add a node for this work and rename the branch to follow feat/{slug}, or remove the worktree when you are done with it.",
    );
  });

  it("orders node warnings depth-first in design order, then branch warnings by name", () => {
    const branches = repo({ commits: { d1: ["m1"] }, heads: { "feat/zz-done": "d1", "feat/b": "m2", "feat/a": "m2" } });
    const tree = design([
      ["zeta", "planned"],
      ["alpha", "planned"],
      ["zz-done", "done", "zeta"],
      ["child", "in_progress", "zeta"],
    ]);
    expect(summarize(findDivergence({ tree, branches, rule: RULE }))).toEqual([
      "planned_without_branch zeta",
      "parent_branch_missing zz-done",
      "done_not_merged zz-done",
      "missing_branch child",
      "planned_without_branch alpha",
      "branch_not_in_design feat/a",
      "branch_not_in_design feat/b",
    ]);
  });

  it("skips the checks for a node whose branch is the default branch, and compares its children with it", () => {
    const branches = repo({ commits: { x1: ["m2"] }, heads: { x: "x1" } });
    const tree = design([
      ["main", "in_progress"],
      ["x", "in_progress", "main"],
    ]);
    expect(findDivergence({ tree, branches, rule: "{slug}" })).toEqual([]);
  });

  it("refuses an invalid naming rule", () => {
    expect(() =>
      findDivergence({ tree: design([]), branches: repo({ commits: {}, heads: {} }), rule: "feat/" }),
    ).toThrow(AppError);
  });
});
