// Reclaim deletes one worktree's dependency folders after another's: a worktree that someone
// starts using while an earlier one is being reclaimed is looked at again, under its hold, and
// kept; a merged worktree whose branch got a commit meanwhile is not removed. Run in-process so
// the change can be made at a known point of the reclaim.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { previewTidy, reclaimTidy } from "@/lib/worktrees/tidy/tidy-up.ts";
import { addWorktree, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { usePinnedRepo } from "@/tests/support/use-pinned-repo.ts";

const repo = usePinnedRepo({ exclude: "node_modules/\n" });
/** A runtime context of the test's own around the pinned repository's database. */
const arbor = () => createTestContext({ db: repo.db });

/** node_modules/ (ignored through info/exclude) with `count` small packages. */
function addDependencies(worktreePath: string, count: number): void {
  for (let index = 0; index < count; index += 1) {
    mkdirSync(path.join(worktreePath, "node_modules", `pkg-${index}`), { recursive: true });
    writeFileSync(path.join(worktreePath, "node_modules", `pkg-${index}`, "index.js"), "module.exports = 1;\n");
  }
}

describe("reclaim", () => {
  it("keeps the dependencies of a worktree that got an uncommitted change while an earlier one was reclaimed", async () => {
    const first = path.join(repo.root, "first");
    const second = path.join(repo.root, "second");
    await addWorktree({ mainPath: repo.mainPath, path: first, branch: "feat/first" });
    await addWorktree({ mainPath: repo.mainPath, path: second, branch: "feat/second" });
    addDependencies(first, 200);
    addDependencies(second, 3);
    const preview = await previewTidy(arbor(), {
      repoId: repo.repoId,
      options: { removeMerged: false, deleteDependencies: true },
    });
    const actions = [first, second].map((worktreePath) => {
      const action = preview.actions.find((candidate) => candidate.worktreePath === worktreePath);
      expect(action?.kind).toBe("delete_dependencies");
      return action!;
    });

    // The user starts editing in the second worktree once the first one's folders begin to go.
    const watcher = watch(path.join(first, "node_modules"), () => {
      watcher.close();
      writeFileSync(path.join(second, "draft.txt"), "not committed\n");
    });
    const result = await reclaimTidy(arbor(), { repoId: repo.repoId, actions });
    watcher.close();

    expect(result.done.map((action) => action.worktreePath)).toEqual([first]);
    expect(result.skipped).toEqual([
      {
        action: expect.objectContaining({ worktreePath: second }),
        reason: "It has uncommitted changes made since the preview. Its dependency folders were kept.",
      },
    ]);
    expect(existsSync(path.join(first, "node_modules"))).toBe(false);
    expect(readFileSync(path.join(second, "node_modules", "pkg-0", "index.js"), "utf8")).toBe("module.exports = 1;\n");
  });

  it("does not remove a merged worktree whose branch got a commit while an earlier action ran", async () => {
    const first = path.join(repo.root, "busy-first");
    const merged = path.join(repo.root, "merged");
    await addWorktree({ mainPath: repo.mainPath, path: first, branch: "feat/busy-first" });
    await addWorktree({ mainPath: repo.mainPath, path: merged, branch: "feat/merged" });
    addDependencies(first, 200);
    writeFileSync(path.join(merged, "done.txt"), "done\n");
    await runFixtureGit({ cwd: merged, args: ["add", "done.txt"] });
    await runFixtureGit({ cwd: merged, args: ["commit", "-q", "-m", "Done"] });
    await runFixtureGit({ cwd: repo.mainPath, args: ["merge", "-q", "--ff-only", "feat/merged"] });
    const preview = await previewTidy(arbor(), {
      repoId: repo.repoId,
      options: { removeMerged: true, deleteDependencies: true },
    });
    const actions = [first, merged].map((worktreePath) => {
      const action = preview.actions.find((candidate) => candidate.worktreePath === worktreePath);
      expect(action).toBeDefined();
      return action!;
    });
    expect(actions.map((action) => action.kind)).toEqual(["delete_dependencies", "remove_worktree"]);

    // Once the first worktree's folders begin to go, someone commits on the merged branch (and
    // keeps that commit on another branch too, so the removal's own blockers would let it go).
    const git = (args: string[]) =>
      execFileSync("git", ["-C", merged, ...args], {
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "A",
          GIT_AUTHOR_EMAIL: "a@x.invalid",
          GIT_COMMITTER_NAME: "A",
          GIT_COMMITTER_EMAIL: "a@x.invalid",
        },
      });
    const watcher = watch(path.join(first, "node_modules"), () => {
      watcher.close();
      writeFileSync(path.join(merged, "more.txt"), "more work\n");
      git(["add", "more.txt"]);
      git(["commit", "-q", "-m", "More work"]);
      git(["branch", "more-work"]);
    });
    const result = await reclaimTidy(arbor(), { repoId: repo.repoId, actions });
    watcher.close();

    expect(result.done.map((action) => action.worktreePath)).toEqual([first]);
    expect(result.skipped).toEqual([
      {
        action: expect.objectContaining({ worktreePath: merged }),
        reason: "feat/merged has commits the base does not have now.",
      },
    ]);
    expect(readFileSync(path.join(merged, "more.txt"), "utf8")).toBe("more work\n");
  });
});
