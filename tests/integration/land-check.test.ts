import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callApi } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";
import type { LandCheck } from "@/lib/worktrees/worktree-types.ts";

interface ErrorBody {
  error: { code: string; message: string };
}

const shared = useArborWithRepo();

const landCheck = (worktreePath: string, base?: string) =>
  callApi<LandCheck & ErrorBody>(shared.env.arbor, "/api/worktrees/land-check", {
    body: { repoId: shared.repo.repoId, worktreePath, ...(base ? { base } : {}) },
  });

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", ...Object.keys(files)] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

/** Everything a land check must leave as it was: refs, index, files and HEAD of both worktrees. */
const snapshot = (cwd: string) =>
  [
    execFileSync("git", ["-C", cwd, "for-each-ref"], { encoding: "utf8" }),
    execFileSync("git", ["-C", cwd, "status", "--porcelain=v2", "--branch"], { encoding: "utf8" }),
    readFileSync(path.join(cwd, "a.txt"), "utf8"),
  ].join("\n");

describe("land check", () => {
  it("says a branch would merge cleanly into the default branch, as a fast-forward or a merge commit", async () => {
    const worktree = await shared.repo.addWorktree("clean");
    const fresh = await landCheck(worktree);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ base: "main", status: "nothing_to_land", commitsToLand: 0, blockers: [] });

    await commit(worktree, { "b.txt": "b\n" }, "Add b");
    const ff = await landCheck(worktree);
    expect(ff.body).toMatchObject({
      base: "main",
      baseWorktreePath: shared.repo.mainPath,
      status: "clean",
      conflictingFiles: [],
      commitsToLand: 1,
      baseAhead: 0,
      blockers: [],
    });
    await commit(shared.repo.mainPath, { "c.txt": "c\n" }, "Add c on main");
    const merge = await landCheck(worktree);
    expect(merge.body).toMatchObject({ status: "clean", commitsToLand: 1, baseAhead: 1 });
  });

  it("names the files that would conflict, and touches neither worktree", async () => {
    const worktree = await shared.repo.addWorktree("conflict");
    await commit(worktree, { "a.txt": "branch side\n", "only-branch.txt": "x\n" }, "Change a on the branch");
    await commit(shared.repo.mainPath, { "a.txt": "main side\n" }, "Change a on main");
    const before = [snapshot(shared.repo.mainPath), snapshot(worktree)];
    const checked = await landCheck(worktree);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ status: "conflicts", conflictingFiles: ["a.txt"], blockers: [] });
    expect([snapshot(shared.repo.mainPath), snapshot(worktree)]).toEqual(before);
    expect(existsSync(path.join(shared.repo.mainPath, "only-branch.txt"))).toBe(false);
  });

  it("lists what must happen first: uncommitted changes in the base worktree or in the branch's", async () => {
    const worktree = await shared.repo.addWorktree("dirty");
    await commit(worktree, { "d.txt": "d\n" }, "Add d");
    writeFileSync(path.join(shared.repo.mainPath, "draft.txt"), "draft\n");
    writeFileSync(path.join(worktree, "wip.txt"), "wip\n");
    const checked = await landCheck(worktree);
    expect(checked.body.status).toBe("clean");
    expect(checked.body.blockers).toEqual([
      "The main worktree has 1 uncommitted change; commit or stash it there first, so the merge does not mix with uncommitted work.",
      "This worktree has 1 uncommitted change that would not be landed; commit or discard it first.",
    ]);
  });

  it("checks against a chosen base and refuses a missing base or the base itself", async () => {
    const base = await shared.repo.addWorktree("base");
    const worktree = await shared.repo.addWorktree("on-base");
    const baseBranch = (await runFixtureGit({ cwd: base, args: ["branch", "--show-current"] })).trim();
    await commit(worktree, { "e.txt": "e\n" }, "Add e");
    expect((await landCheck(worktree, baseBranch)).body).toMatchObject({
      base: baseBranch,
      baseWorktreePath: base,
      status: "clean",
    });
    const missing = await landCheck(worktree, "gone");
    expect(missing.status).toBe(412);
    expect(missing.body.error.message).toBe("The base branch gone does not exist. Choose another base.");
    const itself = await landCheck(shared.repo.mainPath);
    expect(itself.status).toBe(422);
    expect(itself.body.error.message).toBe("This worktree is on main itself; there is nothing to land.");
  });

  it("runs no merge driver of an untrusted repository: a file that needs one counts as conflicting", async () => {
    const marker = path.join(shared.repo.root, "driver-ran");
    await runFixtureGit({
      cwd: shared.repo.mainPath,
      args: ["config", "merge.evil.driver", `touch ${marker}; cp %B %A`],
    });
    writeFileSync(path.join(shared.repo.mainPath, ".gitattributes"), "*.cfg merge=evil\n");
    await commit(shared.repo.mainPath, { ".gitattributes": "*.cfg merge=evil\n", "x.cfg": "base\n" }, "Add x.cfg");
    const worktree = path.join(shared.repo.root, "driver");
    await runFixtureGit({ cwd: shared.repo.mainPath, args: ["worktree", "add", "-q", "-b", "feat/driver", worktree] });
    await commit(worktree, { "x.cfg": "branch\n" }, "Branch side");
    await commit(shared.repo.mainPath, { "x.cfg": "main\n" }, "Main side");
    const checked = await landCheck(worktree);
    expect(checked.body).toMatchObject({ status: "conflicts", conflictingFiles: ["x.cfg"] });
    expect(existsSync(marker)).toBe(false);
  });
});
