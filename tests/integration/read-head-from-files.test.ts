import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readHeadFromFiles } from "@/lib/git/read-head-from-files.ts";
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
