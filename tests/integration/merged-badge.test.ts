// The worktree list's "merged" badge: a branch whose work is in the default branch, by merge or by squash, whatever
// says which branch that is (origin/HEAD, main or master, else the main worktree's branch).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RepoScan } from "@/lib/git/types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { createPinnedRepo } from "@/tests/support/pinned-repo.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";

const shared = useArborWithRepo();

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", ...Object.keys(files)] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

const mergedInto = async (repoId: string, worktreePath: string) => {
  const { status, body } = await callApi<{ scan: RepoScan }>(shared.env.arbor, `/api/repos/${repoId}/worktrees`);
  expect(status).toBe(200);
  return body.scan.worktrees.find((worktree) => worktree.path === worktreePath)?.mergedInto;
};

describe("the merged badge", () => {
  it("marks a branch squashed into main, again on the next read, and no longer once the branch moves on", async () => {
    const { repoId, mainPath } = shared.repo;
    const worktree = await shared.repo.addWorktree("squashed");
    await commit(worktree, { "sq.txt": "squashed work\n" }, "work");
    expect(await mergedInto(repoId, worktree)).toBeNull();

    const branch = (await runFixtureGit({ cwd: worktree, args: ["branch", "--show-current"] })).trim();
    await runFixtureGit({ cwd: mainPath, args: ["merge", "-q", "--squash", branch] });
    await runFixtureGit({ cwd: mainPath, args: ["commit", "-q", "-m", "Squash"] });
    expect(await mergedInto(repoId, worktree)).toBe("main");
    expect(await mergedInto(repoId, worktree)).toBe("main");

    await commit(worktree, { "sq.txt": "more work\n" }, "more");
    expect(await mergedInto(repoId, worktree)).toBeNull();
  });

  it("does not mark a branch nobody committed on, nor one whose commits cancel out", async () => {
    const { repoId, mainPath } = shared.repo;
    const fresh = await shared.repo.addWorktree("fresh");
    const reverted = await shared.repo.addWorktree("reverted");
    await commit(reverted, { "experiment.txt": "try\n" }, "Experiment");
    await runFixtureGit({ cwd: reverted, args: ["revert", "--no-edit", "HEAD"] });
    // main moves on after them, so only the "merging changes nothing" test could call them merged.
    await commit(mainPath, { "later.txt": "later\n" }, "Later on main");
    expect(await mergedInto(repoId, fresh)).toBeNull();
    expect(await mergedInto(repoId, reverted)).toBeNull();
  });

  it("lands in the main worktree's branch when there is no origin/HEAD, main or master", async () => {
    const other = await createPinnedRepo(() => shared.env.arbor);
    try {
      await runFixtureGit({ cwd: other.mainPath, args: ["branch", "-m", "main", "trunk"] });
      const worktree = path.join(other.root, "t1");
      await runFixtureGit({ cwd: other.mainPath, args: ["worktree", "add", "-q", "-b", "feat/t1", worktree] });
      await commit(worktree, { "t1.txt": "t1\n" }, "t1");
      expect(await mergedInto(other.repoId, worktree)).toBeNull();
      await runFixtureGit({ cwd: other.mainPath, args: ["merge", "-q", "--ff-only", "feat/t1"] });
      expect(await mergedInto(other.repoId, worktree)).toBe("trunk");
    } finally {
      await other.remove();
    }
  });
});
