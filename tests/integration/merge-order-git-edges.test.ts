// The merge order read straight from git (readMergeOrder) where git keeps less than usual: a bare
// repository with linked worktrees, a branch whose reflog is gone, a base commit git cannot read.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { MergeOrder } from "@/lib/design/merge-order/merge-order.ts";
import { readMergeOrder } from "@/lib/design/merge-order/read-merge-order.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { addWorktree, createRepoWithOrigin, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useFixtureRoot } from "@/tests/support/use-fixture-root.ts";

const RULE = "feat/{slug}";

const fixture = useFixtureRoot("each");

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", ...Object.keys(files)] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

function design(nodes: Array<[string, string?]>): DesignTree {
  return {
    nodes: nodes.map(([slug]) => ({ slug, title: slug, description: null, status: "in_progress" as const })),
    edges: nodes.flatMap(([slug, parent]) => (parent ? [{ parent, child: slug }] : [])),
  };
}

const states = (order: MergeOrder) => order.entries.map((entry) => [entry.branch, entry.state]);

describe("readMergeOrder where git keeps little", () => {
  it("in a bare repository with linked worktrees, shows a branch just made from the base as having no commits, not as landed", async () => {
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
    const bare = path.join(fixture.root, "bare.git");
    await runFixtureGit({ cwd: fixture.root, args: ["clone", "-q", "--bare", mainPath, bare] });
    // Bare repositories keep no reflog unless asked; with one, a fast-forwarded branch still reads as landed.
    await runFixtureGit({ cwd: bare, args: ["config", "core.logAllRefUpdates", "true"] });
    const worktree = (slug: string) => path.join(fixture.root, slug);
    for (const slug of ["parent", "fresh", "ff"])
      await runFixtureGit({ cwd: bare, args: ["worktree", "add", "-q", "-b", `feat/${slug}`, worktree(slug), "main"] });
    await commit(worktree("parent"), { "parent.txt": "parent\n" }, "parent");
    await commit(worktree("ff"), { "ff.txt": "ff\n" }, "ff");
    await runFixtureGit({ cwd: bare, args: ["update-ref", "refs/heads/main", "refs/heads/feat/ff"] });

    const order = await readMergeOrder({
      repoRoot: bare,
      tree: design([["parent"], ["fresh", "parent"], ["ff"]]),
      rule: RULE,
      isTrusted: false,
    });
    expect(states(order)).toEqual([
      ["feat/parent", "ready"],
      ["feat/fresh", "waiting"],
      ["feat/ff", "landed"],
    ]);
    expect(order.warnings).toEqual([]);
  });

  it("does not call a branch with no commits landed when its reflog is gone", async () => {
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
    await addWorktree({ mainPath, path: path.join(fixture.root, "parent"), branch: "feat/parent" });
    await commit(path.join(fixture.root, "parent"), { "parent.txt": "parent\n" }, "parent");
    await addWorktree({ mainPath, path: path.join(fixture.root, "fresh"), branch: "feat/fresh" });
    await addWorktree({ mainPath, path: path.join(fixture.root, "alone"), branch: "feat/alone" });
    // What `git reflog expire` or a gc leaves: no log for the branch.
    rmSync(path.join(mainPath, ".git", "logs", "refs", "heads", "feat", "fresh"));
    rmSync(path.join(mainPath, ".git", "logs", "refs", "heads", "feat", "alone"));

    const order = await readMergeOrder({
      repoRoot: mainPath,
      tree: design([["parent"], ["fresh", "parent"], ["alone"]]),
      rule: RULE,
      isTrusted: false,
    });
    expect(states(order)).toEqual([
      ["feat/parent", "ready"],
      ["feat/fresh", "waiting"],
      ["feat/alone", "no_commits"],
    ]);
    expect(order.warnings).toEqual([]);
  });

  it("still shows the order when the base's history cannot be read to look for a squash landing", async () => {
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
    const worktree = path.join(fixture.root, "sq");
    await addWorktree({ mainPath, path: worktree, branch: "feat/sq" });
    await commit(worktree, { "sq.txt": "branch\n" }, "sq");
    await commit(mainPath, { "other.txt": "other\n" }, "main moves on");
    await runFixtureGit({ cwd: mainPath, args: ["merge", "-q", "--squash", "feat/sq"] });
    await runFixtureGit({ cwd: mainPath, args: ["commit", "-q", "-m", "Squash sq"] });
    await commit(mainPath, { "sq.txt": "follow-up on main\n" }, "main changes sq.txt again");
    // The squash commit's tree is lost (a broken clone, a disk error): only the log of the base reads it.
    const tree = (await runFixtureGit({ cwd: mainPath, args: ["rev-parse", "HEAD~1^{tree}"] })).trim();
    rmSync(path.join(mainPath, ".git", "objects", tree.slice(0, 2), tree.slice(2)));

    const order = await readMergeOrder({ repoRoot: mainPath, tree: design([["sq"]]), rule: RULE, isTrusted: false });
    // Whether it landed cannot be told: it is not called landed, and its conflict with the base shows.
    expect(order.entries).toMatchObject([{ branch: "feat/sq", state: "ready", baseConflicts: ["sq.txt"] }]);
  });

  it("looks for a squash landing in the candidates' files only, back to their own merge base", async () => {
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } });
    const objectOf = (sha: string) => path.join(mainPath, ".git", "objects", sha.slice(0, 2), sha.slice(2));
    const revParse = async (revision: string) =>
      (await runFixtureGit({ cwd: mainPath, args: ["rev-parse", revision] })).trim();
    // A stale branch from the first commit takes the common ancestor of every branch far back.
    await addWorktree({ mainPath, path: path.join(fixture.root, "stale"), branch: "feat/stale" });
    await commit(path.join(fixture.root, "stale"), { "stale.txt": "stale\n" }, "stale");
    mkdirSync(path.join(mainPath, "big"));
    await commit(mainPath, { "big/x.txt": "1\n" }, "old work on main");
    const belowMergeBase = await revParse("HEAD^{tree}");
    await commit(mainPath, { "big/x.txt": "2\n" }, "more work on main");
    const worktree = path.join(fixture.root, "sq");
    await addWorktree({ mainPath, path: worktree, branch: "feat/sq" });
    await commit(worktree, { "sq.txt": "branch\n" }, "sq");
    await commit(mainPath, { "big/x.txt": "3\n" }, "main moves on in big/");
    const otherFolder = await revParse("HEAD:big");
    await commit(mainPath, { "big/x.txt": "4\n" }, "and again");
    await runFixtureGit({ cwd: mainPath, args: ["merge", "-q", "--squash", "feat/sq"] });
    await runFixtureGit({ cwd: mainPath, args: ["commit", "-q", "-m", "Squash sq"] });
    await commit(mainPath, { "sq.txt": "follow-up on main\n" }, "main changes sq.txt again");
    // Objects only a log of the whole base (below sq's merge base, or in other folders) would read.
    rmSync(objectOf(belowMergeBase));
    rmSync(objectOf(otherFolder));

    const order = await readMergeOrder({
      repoRoot: mainPath,
      tree: design([["stale"], ["sq"]]),
      rule: RULE,
      isTrusted: false,
    });
    expect(states(order)).toEqual([
      ["feat/stale", "ready"],
      ["feat/sq", "landed"],
    ]);
  });
});
