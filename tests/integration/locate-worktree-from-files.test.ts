import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locateWorktreeFromFiles } from "@/lib/git/read/locate-worktree-from-files.ts";
import { readRefFromFiles } from "@/lib/git/read/read-head-from-files.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
} from "@/tests/support/git-fixtures.ts";

// The land check's fast path reads git's own files instead of running `git worktree list`; these
// compare it with git on real repositories, and make sure a folder that only pretends to be a
// worktree (a forged `.git` file) is never taken for one.
let root: string;
let mainPath: string;
let otherMain: string;

beforeAll(async () => {
  ({ root } = await createFixtureRoot());
  ({ mainPath } = await createRepoWithOrigin({ root, files: { "a.txt": "a\n" } }));
  otherMain = path.join(root, "other");
  await runFixtureGit({ cwd: root, args: ["init", "-q", "-b", "main", otherMain] });
  writeFileSync(path.join(otherMain, "x.txt"), "x\n");
  await runFixtureGit({ cwd: otherMain, args: ["add", "x.txt"] });
  await runFixtureGit({ cwd: otherMain, args: ["commit", "-q", "-m", "x"] });
});

afterAll(async () => {
  await removeGitFixture({ root });
});

const listedByGit = async () =>
  (await runFixtureGit({ cwd: mainPath, args: ["worktree", "list", "--porcelain"] }))
    .split("\n")
    .filter((line) => line.startsWith("worktree "))
    .map((line) => line.slice("worktree ".length));

describe("finding a worktree from git's files", () => {
  it("agrees with git worktree list on the main worktree and linked ones (spaces, accents, a detached HEAD)", async () => {
    const linked = path.join(root, "wt with spaces é");
    await addWorktree({ mainPath, path: linked, branch: "feat/über" });
    const detached = path.join(root, "detached");
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", "--detach", detached, "main"] });
    expect((await listedByGit()).sort()).toEqual([mainPath, linked, detached].sort());

    const commonDir = path.join(mainPath, ".git");
    expect(locateWorktreeFromFiles({ repoRoot: mainPath, worktreePath: mainPath })).toEqual({
      path: mainPath,
      isMain: true,
      branch: "main",
      mainBranch: "main",
      commonDir,
    });
    expect(locateWorktreeFromFiles({ repoRoot: mainPath, worktreePath: linked })).toEqual({
      path: linked,
      isMain: false,
      branch: "feat/über",
      mainBranch: "main",
      commonDir,
    });
    expect(locateWorktreeFromFiles({ repoRoot: mainPath, worktreePath: detached })).toMatchObject({
      path: detached,
      branch: null,
    });
    // Reached through a symbolic link: the same worktree, reported by git's path.
    const link = path.join(root, "link-to-linked");
    symlinkSync(linked, link);
    expect(locateWorktreeFromFiles({ repoRoot: mainPath, worktreePath: link })).toMatchObject({ path: linked });
  });

  it("does not take a folder for a worktree unless git would list it", async () => {
    // Another repository, a plain folder, a path that does not exist, a subfolder of a worktree.
    expect(locateWorktreeFromFiles({ repoRoot: mainPath, worktreePath: otherMain })).toBeUndefined();
    const plain = path.join(root, "plain");
    mkdirSync(plain);
    expect(locateWorktreeFromFiles({ repoRoot: mainPath, worktreePath: plain })).toBeUndefined();
    expect(locateWorktreeFromFiles({ repoRoot: mainPath, worktreePath: path.join(root, "gone") })).toBeUndefined();
    mkdirSync(path.join(mainPath, "sub"));
    expect(locateWorktreeFromFiles({ repoRoot: mainPath, worktreePath: path.join(mainPath, "sub") })).toBeUndefined();

    // A forged `.git` file pointing into this repository's worktree records: the record's
    // `gitdir` names the real worktree, not the forger, so it is refused (git does not list it).
    const real = path.join(root, "real");
    await addWorktree({ mainPath, path: real, branch: "feat/real" });
    const forged = path.join(root, "forged");
    mkdirSync(forged);
    writeFileSync(path.join(forged, ".git"), readFileSync(path.join(real, ".git"), "utf8"));
    expect(locateWorktreeFromFiles({ repoRoot: mainPath, worktreePath: forged })).toBeUndefined();
    expect(await listedByGit()).not.toContain(forged);
    // And one pointing at the other repository's git dir.
    const stray = path.join(root, "stray");
    mkdirSync(stray);
    writeFileSync(path.join(stray, ".git"), `gitdir: ${path.join(otherMain, ".git")}\n`);
    expect(locateWorktreeFromFiles({ repoRoot: mainPath, worktreePath: stray })).toBeUndefined();
  });
});

describe("reading a branch's commit from the ref files", () => {
  it("reads loose and packed refs like git, says null for a missing branch and leaves anything unusual to git", async () => {
    const commonDir = path.join(mainPath, ".git");
    const rev = async (ref: string) => (await runFixtureGit({ cwd: mainPath, args: ["rev-parse", ref] })).trim();
    await runFixtureGit({ cwd: mainPath, args: ["branch", "loose-one"] });
    expect(readRefFromFiles(commonDir, "refs/heads/loose-one")).toBe(await rev("loose-one"));
    // "feat" is a folder of loose refs (feat/über, feat/real), not a branch: git is asked.
    expect(readRefFromFiles(commonDir, "refs/heads/feat")).toBeUndefined();
    await runFixtureGit({ cwd: mainPath, args: ["pack-refs", "--all"] });
    await runFixtureGit({ cwd: mainPath, args: ["commit", "-q", "--allow-empty", "-m", "after packing"] });
    // main now has a newer loose ref than its packed one; loose-one is only packed.
    expect(readRefFromFiles(commonDir, "refs/heads/main")).toBe(await rev("main"));
    expect(readRefFromFiles(commonDir, "refs/heads/loose-one")).toBe(await rev("loose-one"));
    expect(readRefFromFiles(commonDir, "refs/heads/none")).toBeNull();
    // Not a branch ref at all, or one that climbs out of refs/heads.
    expect(readRefFromFiles(commonDir, "HEAD")).toBeUndefined();
    expect(readRefFromFiles(commonDir, "refs/heads/../../config")).toBeUndefined();
  });
});
