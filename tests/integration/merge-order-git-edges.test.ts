// The merge order read straight from git (readMergeOrder) where git keeps less than usual: a bare
// repository with linked worktrees, a branch whose reflog is gone.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MergeOrder } from "@/lib/design/merge-order.ts";
import { readMergeOrder } from "@/lib/design/read-merge-order.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";

const RULE = "feat/{slug}";

let fixture: GitFixtureRoot;
beforeEach(async () => {
  fixture = await createFixtureRoot();
});
afterEach(async () => {
  await removeGitFixture(fixture);
});

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
});
