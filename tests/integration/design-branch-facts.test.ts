import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { scanRepoWorktrees } from "@/lib/git/read/scan-worktrees.ts";
import { findDivergence } from "@/lib/design/divergence/find-divergence.ts";
import { layoutBranchTree } from "@/lib/design/divergence/layout-tree.ts";
import { readBranchFacts } from "@/lib/design/divergence/read-branch-facts.ts";
import type { BranchFact, BranchFacts, DesignNodeStatus, DesignTree, DivergenceWarning } from "@/lib/design/types.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  createRepoWithWorktrees,
  removeGitFixture,
  runFixtureGit,
  writeFiles,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";

const RULE = "feat/{slug}";

function design(nodes: [string, DesignNodeStatus, string?][]): DesignTree {
  return {
    nodes: nodes.map(([slug, status]) => ({ slug, title: `Title ${slug}`, description: null, status })),
    edges: nodes.flatMap(([slug, , parent]) => (parent ? [{ parent, child: slug }] : [])),
  };
}

function summarize(warnings: DivergenceWarning[]): string[] {
  return warnings.map(
    (warning) =>
      `${warning.code} ${warning.nodeSlug ?? warning.branch}${warning.worktreePath ? ` @${warning.worktreePath}` : ""}`,
  );
}

function factOf(facts: BranchFacts, name: string): BranchFact {
  const fact = facts.branches.find((branch) => branch.name === name);
  if (!fact) throw new Error(`No branch ${name}; got ${facts.branches.map((branch) => branch.name).join(", ")}`);
  return fact;
}

/**
 * Commits without checkouts: every commit reuses main's tree, so worktrees stay clean while
 * branches move under them. Messages differ, so no two commits share an id.
 */
function commitWriter(mainPath: string) {
  const git = (...args: string[]) => runFixtureGit({ cwd: mainPath, args }).then((output) => output.trim());
  const treePromise = git("rev-parse", "HEAD^{tree}");
  return {
    git,
    commit: async (message: string, ...parents: string[]) =>
      git("commit-tree", await treePromise, ...parents.flatMap((parent) => ["-p", parent]), "-m", message),
    setBranch: (name: string, sha: string) => git("update-ref", `refs/heads/${name}`, sha),
  };
}

describe("readBranchFacts + findDivergence on a repository that drifted from its design", () => {
  let fixture: GitFixtureRoot & { mainPath: string; loginPath: string; experimentPath: string };
  let facts: BranchFacts;

  const tree = design([
    ["auth", "in_progress"],
    ["login", "in_progress", "auth"],
    ["session", "done", "login"],
    ["signup", "in_progress", "auth"],
    ["logout", "in_progress", "auth"],
    ["docs", "done"],
    ["search", "done"],
    ["api", "planned"],
    ["billing", "done"],
    ["invoices", "in_progress", "billing"],
  ]);

  beforeAll(async () => {
    const { root } = await createFixtureRoot();
    const { mainPath, initialSha: m0 } = await createRepoWithOrigin({ root, files: { "README.md": "# drift\n" } });
    const { git, commit, setBranch } = commitWriter(mainPath);
    const m1 = await commit("main 1", m0);
    const a2 = await commit("auth 2", await commit("auth 1", m1));
    await setBranch("feat/auth", a2);
    const l1 = await commit("login 1", a2);
    await setBranch("feat/login", l1);
    const m2 = await commit("main 2", m1);
    await setBranch("feat/signup", await commit("signup 1 (forked from main, not auth)", m2));
    const o1 = await commit("logout 1", a2);
    await setBranch("feat/logout", o1);
    const mergedLogout = await commit("Merge feat/logout into main instead of feat/auth", m2, o1);
    await setBranch("feat/docs", await commit("docs 1 (done, never merged)", m1));
    const r1 = await commit("search 1", m1);
    await setBranch("feat/search", r1);
    await setBranch("main", await commit("Merge feat/search", mergedLogout, r1));
    const session = await commit("session 1", l1);
    await setBranch("feat/session", session);
    await setBranch("feat/login", await commit("Merge feat/session", l1, session));
    const b1 = await commit("billing 1", m1);
    await setBranch("feat/billing", b1);
    await setBranch("feat/invoices", await commit("invoices 1", b1));
    await git("branch", "-D", "feat/billing");
    await setBranch("feat/old-spike", await commit("spike", m1));

    const loginPath = join(root, "login wt");
    await git("worktree", "add", "-q", loginPath, "feat/login");
    await writeFiles({ dir: loginPath, files: { "notes.txt": "uncommitted\n" } });
    const experimentPath = join(root, "experiment");
    await addWorktree({ mainPath, path: experimentPath, branch: "experiment" });
    fixture = { root, mainPath, loginPath, experimentPath };
    facts = await readBranchFacts({ repoPath: mainPath });
  });

  afterAll(async () => {
    await removeGitFixture(fixture);
  });

  it("reads every local branch, the trunk, worktrees and upstream counts", () => {
    expect(facts.defaultBranch).toBe("main");
    expect(facts.branches.map((branch) => branch.name)).toEqual([
      "experiment",
      "feat/auth",
      "feat/docs",
      "feat/invoices",
      "feat/login",
      "feat/logout",
      "feat/old-spike",
      "feat/search",
      "feat/session",
      "feat/signup",
      "main",
    ]);
    expect(factOf(facts, "feat/login").worktreePath).toBe(fixture.loginPath);
    expect(factOf(facts, "experiment").worktreePath).toBe(fixture.experimentPath);
    expect(factOf(facts, "main")).toMatchObject({ worktreePath: fixture.mainPath, ahead: 8, behind: 0 });
    expect(factOf(facts, "feat/login")).not.toHaveProperty("isDirty");
    expect(factOf(facts, "feat/login")).not.toHaveProperty("ahead");
  });

  it("works out fork parents and merges from the real history", () => {
    expect(factOf(facts, "feat/login")).toMatchObject({ forkParent: "feat/auth", mergedInto: [] });
    expect(factOf(facts, "feat/session")).toMatchObject({ forkParent: "feat/auth", mergedInto: ["feat/login"] });
    expect(factOf(facts, "feat/signup")).toMatchObject({ forkParent: "main", mergedInto: [] });
    expect(factOf(facts, "feat/logout")).toMatchObject({
      forkParent: "feat/auth",
      mergedInto: ["experiment", "main"],
      stackedOn: [],
    });
    expect(factOf(facts, "feat/auth")).toMatchObject({
      forkParent: "main",
      mergedInto: ["experiment", "feat/login", "feat/logout", "feat/session", "main"],
    });
    expect(factOf(facts, "feat/invoices")).toMatchObject({ forkParent: "main", mergedInto: [] });
    expect(factOf(facts, "experiment")).toMatchObject({ forkParent: "main", mergedInto: ["main"] });
  });

  it("gives exactly the expected warnings", () => {
    const warnings = findDivergence({ tree, branches: facts, rule: RULE });
    expect(summarize(warnings)).toEqual([
      "forked_from_other_parent signup",
      "merged_into_other_branch logout",
      "done_not_merged docs",
      "planned_without_branch api",
      "parent_branch_missing invoices",
      `worktree_not_in_design experiment @${fixture.experimentPath}`,
      "branch_not_in_design feat/old-spike",
    ]);
    expect(warnings[0]?.message).toContain("was forked from main, but the design puts it under feat/auth");
    expect(warnings[1]?.message).toContain("was merged into main but not into feat/auth"); // not into experiment, created from main later
  });

  it("reads dirtiness from a scan passed in, and lays the tree out", async () => {
    const scan = await scanRepoWorktrees({ repoPath: fixture.mainPath });
    const scanned = await readBranchFacts({ repoPath: fixture.mainPath, scan });
    expect(factOf(scanned, "feat/login").isDirty).toBe(true);
    expect(factOf(scanned, "main").isDirty).toBe(false);
    expect(factOf(scanned, "feat/auth")).not.toHaveProperty("isDirty");
    const rows = layoutBranchTree({ tree, branches: scanned, rule: RULE });
    const parentOf = Object.fromEntries(rows.map((row) => [row.id, row.parentId]));
    expect(parentOf).toMatchObject({
      "branch:main": null,
      "node:auth": "branch:main",
      "node:login": "node:auth",
      "node:session": "node:login",
      "node:signup": "node:auth",
      "node:billing": "branch:main",
      "node:invoices": "node:billing",
      "branch:experiment": "branch:main",
      "branch:feat/old-spike": "branch:main",
    });
    expect(rows.find((row) => row.id === "node:billing")).toMatchObject({ branch: null, status: "done" });
    expect(rows.find((row) => row.id === "node:session")).toMatchObject({ isMerged: true });
    expect(rows.find((row) => row.id === "node:login")).toMatchObject({
      isDirty: true,
      worktreePath: fixture.loginPath,
    });
  });
});

describe("readBranchFacts + findDivergence on a repository that follows its design", () => {
  let fixture: GitFixtureRoot & { mainPath: string };

  beforeAll(async () => {
    const { root } = await createFixtureRoot();
    const { mainPath } = await createRepoWithOrigin({ root, files: { "README.md": "# tidy\n" } });
    const at = (name: string) => join(root, name);
    const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });
    const commitFile = async (cwd: string, file: string) => {
      await writeFiles({ dir: cwd, files: { [file]: `${file}\n` } });
      await git(cwd, "add", file);
      await git(cwd, "commit", "-q", "-m", `Add ${file}`);
    };
    await addWorktree({ mainPath, path: at("auth"), branch: "feat/auth" });
    await commitFile(at("auth"), "auth-1.txt");
    await git(at("auth"), "worktree", "add", "-q", "-b", "feat/login", at("login"), "feat/auth");
    await commitFile(at("login"), "login-1.txt");
    await commitFile(at("auth"), "auth-2.txt");
    await git(at("login"), "merge", "-q", "--no-edit", "feat/auth");
    await git(at("login"), "branch", "feat/remember-me");
    await commitFile(at("auth"), "auth-3.txt");
    await git(at("auth"), "worktree", "add", "-q", "-b", "feat/logout", at("logout"), "feat/auth");
    await commitFile(at("logout"), "logout-1.txt");
    await git(at("auth"), "merge", "-q", "--no-ff", "--no-edit", "feat/logout");
    await commitFile(mainPath, "main-2.txt");
    await git(mainPath, "branch", "feat/docs");
    fixture = { root, mainPath };
  });

  afterAll(async () => {
    await removeGitFixture(fixture);
  });

  it("finds nothing to warn about: stacked, updated by merge, merged back, fresh at a parent's tip", async () => {
    const tree = design([
      ["auth", "in_progress"],
      ["login", "in_progress", "auth"],
      ["remember-me", "planned", "login"],
      ["logout", "done", "auth"],
      ["docs", "planned"],
    ]);
    const facts = await readBranchFacts({ repoPath: fixture.mainPath });
    expect(findDivergence({ tree, branches: facts, rule: RULE })).toEqual([]);
    expect(factOf(facts, "feat/login")).toMatchObject({
      forkParent: "main",
      mergedInto: ["feat/remember-me"],
      stackedOn: ["feat/remember-me"],
    });
    expect(factOf(facts, "feat/login").sharedAbove).toMatchObject([
      { onLine: ["feat/auth", "feat/logout"], viaMerge: [] },
    ]);
    expect(factOf(facts, "feat/auth").sharedAbove).toMatchObject([
      { onLine: ["feat/logout"], viaMerge: [] },
      { onLine: [], viaMerge: ["feat/login", "feat/remember-me"] },
      { onLine: ["feat/login", "feat/remember-me"], viaMerge: [] },
    ]);
  });

  it("turns each departure from the design into its warning", async () => {
    const facts = await readBranchFacts({ repoPath: fixture.mainPath });
    const tree = design([
      ["auth", "in_progress"],
      ["logout", "in_progress", "docs"],
      ["login", "done"],
      ["docs", "in_progress", "auth"],
    ]);
    const warnings = findDivergence({ tree, branches: facts, rule: RULE });
    expect(summarize(warnings).map((line) => line.replace(/ @.*/, ""))).toEqual([
      "forked_from_other_parent docs",
      "merged_into_other_branch logout",
      "forked_from_other_parent login",
      "done_not_merged login",
      "branch_not_in_design feat/remember-me",
    ]);
    expect(warnings[0]?.message).toContain(
      'feat/docs (node "docs") was forked from main, but the design puts it under feat/auth',
    );
    expect(warnings[1]?.message).toContain(
      'feat/logout (node "logout") was merged into feat/auth but not into feat/docs',
    );
    expect(warnings[2]?.message).toContain(
      'feat/login (node "login") shares commits with feat/auth, feat/logout that main',
    );
  });
});

describe("readBranchFacts edge cases", () => {
  it("reads unicode branch names and worktree paths with spaces from the scanner's fixture", async () => {
    const fixture = await createRepoWithWorktrees();
    try {
      const facts = await readBranchFacts({ repoPath: fixture.dirtyPath });
      expect(facts.defaultBranch).toBe("main");
      expect(factOf(facts, "feature/ünïcode")).toMatchObject({ worktreePath: fixture.unicodePath, forkParent: "main" });
      expect(factOf(facts, "dirty")).toMatchObject({
        worktreePath: fixture.dirtyPath,
        forkParent: "main",
        ahead: 1,
        behind: 0,
      });
      expect(factOf(facts, "behind")).toMatchObject({ ahead: 0, behind: 2 });
      expect(factOf(facts, "gone")).not.toHaveProperty("behind");
      expect(factOf(facts, "missing").worktreePath).toBe(fixture.missingPath);
    } finally {
      await removeGitFixture(fixture);
    }
  });

  it("returns no branches for a repository without commits, and honours an explicit default branch", async () => {
    const { root } = await createFixtureRoot();
    try {
      await runFixtureGit({ cwd: root, args: ["init", "-q", "empty"] });
      expect(await readBranchFacts({ repoPath: join(root, "empty") })).toEqual({ defaultBranch: null, branches: [] });
      const { mainPath } = await createRepoWithOrigin({ root, files: { "a.txt": "a\n" } });
      await runFixtureGit({ cwd: mainPath, args: ["branch", "trunk"] });
      expect((await readBranchFacts({ repoPath: mainPath, defaultBranch: "trunk" })).defaultBranch).toBe("trunk");
      expect((await readBranchFacts({ repoPath: mainPath, defaultBranch: "no-such-branch" })).defaultBranch).toBe(
        "main",
      );
    } finally {
      await removeGitFixture({ root });
    }
  });

  it("refuses a folder that is not a repository", async () => {
    const { root } = await createFixtureRoot();
    try {
      const error = await readBranchFacts({ repoPath: root }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: "invalid_input",
        message: expect.stringContaining("is not inside a git repository") as unknown,
      });
    } finally {
      await removeGitFixture({ root });
    }
  });
});
