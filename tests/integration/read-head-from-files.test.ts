import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBranchHeadsFromFiles, readHeadFromFiles } from "@/lib/git/read/read-head-from-files.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";

let fixture: { root: string };
let mainPath: string;

beforeAll(async () => {
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
});

afterAll(async () => {
  if (fixture) await removeGitFixture(fixture);
});

const gitHead = async (cwd: string) =>
  (await runFixtureGit({ cwd, args: ["rev-parse", "--verify", "-q", "HEAD^{commit}"] })).trim();

describe("HEAD read from files agrees with git", () => {
  it("for a loose branch ref, a packed one, a detached HEAD, a linked worktree and an unborn branch", async () => {
    const gitDir = path.join(mainPath, ".git");
    expect(readHeadFromFiles(gitDir)).toBe(await gitHead(mainPath));

    await runFixtureGit({ cwd: mainPath, args: ["pack-refs", "--all"] });
    expect(readHeadFromFiles(gitDir)).toBe(await gitHead(mainPath));

    const linked = path.join(fixture.root, "linked");
    await addWorktree({ mainPath, path: linked, branch: "feat/linked" });
    await runFixtureGit({ cwd: linked, args: ["commit", "-q", "--allow-empty", "-m", "linked work"] });
    const linkedGitDir = (await runFixtureGit({ cwd: linked, args: ["rev-parse", "--absolute-git-dir"] })).trim();
    expect(readHeadFromFiles(linkedGitDir)).toBe(await gitHead(linked));
    expect(readHeadFromFiles(linkedGitDir)).not.toBe(readHeadFromFiles(gitDir));

    await runFixtureGit({ cwd: linked, args: ["switch", "-q", "--detach", "HEAD~1"] });
    expect(readHeadFromFiles(linkedGitDir)).toBe(await gitHead(linked));

    await runFixtureGit({ cwd: mainPath, args: ["switch", "-q", "--orphan", "fresh"] });
    expect(readHeadFromFiles(gitDir)).toBeNull();
  });
});

/** Every local branch and its commit, as git lists them. */
const gitBranches = async (cwd: string) => {
  const output = await runFixtureGit({
    cwd,
    args: ["for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads"],
  });
  return new Map(
    output
      .trim()
      .split("\n")
      .map((line) => line.split(" ") as [string, string]),
  );
};

describe("branches read from files agree with git", () => {
  it("loose and packed, a loose ref newer than its packed line, origin/HEAD's branch, missing ones left out", async () => {
    const { root } = await createFixtureRoot();
    try {
      const { mainPath: repo } = await createRepoWithOrigin({ root, files: { "a.txt": "a\n" } });
      const gitDir = path.join(repo, ".git");
      for (const branch of ["feat/a", "feat/b", "c"]) await runFixtureGit({ cwd: repo, args: ["branch", branch] });
      await runFixtureGit({ cwd: repo, args: ["pack-refs", "--all"] });
      // feat/a moves after packing: its loose file wins over the packed line, as in git.
      await runFixtureGit({ cwd: repo, args: ["commit", "-q", "--allow-empty", "-m", "moved"] });
      await runFixtureGit({ cwd: repo, args: ["branch", "-f", "feat/a", "HEAD"] });
      await runFixtureGit({ cwd: repo, args: ["branch", "d"] });
      const expected = await gitBranches(repo);
      // origin/HEAD names c, which is not asked for: it comes with its commit all the same.
      await runFixtureGit({ cwd: repo, args: ["push", "-q", "origin", "c"] });
      await runFixtureGit({ cwd: repo, args: ["remote", "set-head", "origin", "c"] });

      const read = readBranchHeadsFromFiles(gitDir, ["feat/a", "feat/b", "d", "main", "master", "feat/none"]);
      expect(read?.originHead).toBe("c");
      expect(read?.heads).toEqual(
        new Map(["c", "feat/a", "feat/b", "d", "main"].map((name) => [name, expected.get(name)!] as const)),
      );
      expect(read?.heads.get("feat/a")).not.toBe(read?.heads.get("feat/b"));

      // No origin/HEAD: none named; git would not name one either.
      await runFixtureGit({ cwd: repo, args: ["remote", "set-head", "origin", "--delete"] });
      expect(readBranchHeadsFromFiles(gitDir, ["c"])).toEqual({
        heads: new Map([["c", expected.get("c")!]]),
        originHead: null,
      });
    } finally {
      await removeGitFixture({ root });
    }
  });

  it("leaves what it cannot read as git would to git: a symbolic branch, a name git refuses, a reftable repository", async () => {
    const { root } = await createFixtureRoot();
    try {
      const { mainPath: repo } = await createRepoWithOrigin({ root, files: { "a.txt": "a\n" } });
      const gitDir = path.join(repo, ".git");
      await runFixtureGit({ cwd: repo, args: ["symbolic-ref", "refs/heads/alias", "refs/heads/main"] });
      expect(readBranchHeadsFromFiles(gitDir, ["alias"])).toBeUndefined();
      expect(readBranchHeadsFromFiles(gitDir, ["main"])?.heads.size).toBe(1);
      expect(readBranchHeadsFromFiles(gitDir, ["../../HEAD"])).toBeUndefined();
      expect(readBranchHeadsFromFiles(gitDir, ["with space"])).toBeUndefined();
      // A branch name that is a folder of other branches (feat/x exists, "feat" asked for).
      await runFixtureGit({ cwd: repo, args: ["branch", "feat/x"] });
      expect(readBranchHeadsFromFiles(gitDir, ["feat"])).toBeUndefined();
      mkdirSync(path.join(gitDir, "reftable"));
      writeFileSync(path.join(gitDir, "reftable", "tables.list"), "");
      expect(readBranchHeadsFromFiles(gitDir, ["main"])).toBeUndefined();
    } finally {
      await removeGitFixture({ root });
    }
  });
});
