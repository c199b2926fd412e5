// Each worktree card's "↑2 ↓1 · +40 −3": commits and lines against the default branch, read from git on each request.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RepoProgress } from "@/lib/worktrees/worktree-types.ts";
import { callApi } from "@/tests/support/call-api.ts";
import { runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useArborWithRepo } from "@/tests/support/use-arbor-with-repo.ts";

const shared = useArborWithRepo();

async function commit(cwd: string, files: Record<string, string>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(cwd, name), text);
  await runFixtureGit({ cwd, args: ["add", "--", ...Object.keys(files)] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

const readProgress = async (repoId: string) => {
  const { status, body } = await callApi<RepoProgress>(
    shared.env.arbor,
    `/api/worktrees/progress?${new URLSearchParams({ repoId }).toString()}`,
  );
  expect(status).toBe(200);
  return body;
};

describe("GET /api/worktrees/progress", () => {
  it("counts commits each way and lines since the branch left main, uncommitted edits and new files included", async () => {
    const { repoId, mainPath } = shared.repo;
    await commit(mainPath, { "progress-shared.txt": "old\n" }, "Shared file");
    const worktree = await shared.repo.addWorktree("progress");
    const untouched = await shared.repo.addWorktree("untouched");
    await commit(worktree, { "progress-a.txt": "one\ntwo\nthree\n" }, "Add a");
    await commit(worktree, { "progress-b.txt": "b\n" }, "Add b");
    await commit(mainPath, { "main-only.txt": "m\n" }, "Main moves on");
    // An uncommitted edit counts, and so does a new file git does not know yet (by its lines).
    writeFileSync(path.join(worktree, "progress-shared.txt"), "new\n");
    writeFileSync(path.join(worktree, "new.txt"), "not added\nyet\n");

    const progress = await readProgress(repoId);
    expect(progress.base).toBe("main");
    const here = progress.worktrees.find((entry) => entry.worktreePath === worktree);
    expect(here).toEqual({ worktreePath: worktree, ahead: 2, behind: 1, added: 7, removed: 1 });
    expect(progress.worktrees.find((entry) => entry.worktreePath === untouched)).toMatchObject({
      ahead: 0,
      behind: 1,
      added: 0,
      removed: 0,
    });
    // The main worktree is the base itself: it has no card line.
    expect(progress.worktrees.some((entry) => entry.worktreePath === mainPath)).toBe(false);
  });

  it("leaves out a worktree whose folder is gone, and says what to do for a repository that is not pinned", async () => {
    const { repoId } = shared.repo;
    const gone = await shared.repo.addWorktree("gone-progress");
    await commit(gone, { "g.txt": "g\n" }, "g");
    rmSync(gone, { recursive: true, force: true });
    expect((await readProgress(repoId)).worktrees.some((entry) => entry.worktreePath === gone)).toBe(false);

    const missing = await callApi<{ error: { message: string } }>(
      shared.env.arbor,
      `/api/worktrees/progress?repoId=${crypto.randomUUID()}`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain("Pin it");
    const bad = await callApi<{ error: { message: string } }>(shared.env.arbor, "/api/worktrees/progress?repoId=x");
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toContain("repoId");
  });
});
