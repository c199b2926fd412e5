// The merge order's conflicts where git finds renames: a conflict that shares no path between the
// two sides must still be asked of git (lib/design/merge-order/may-conflict.ts), and its answer is git's.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { readMergeOrder } from "@/lib/design/merge-order/read-merge-order.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { clearMergeTreeCache } from "@/lib/git/run/merge-tree-cache.ts";
import { addWorktree, createRepoWithOrigin, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useFixtureRoot } from "@/tests/support/use-fixture-root.ts";

const fixture = useFixtureRoot("each");
beforeEach(() => clearMergeTreeCache());

const TEXT = Array.from({ length: 12 }, (_, line) => `shared line ${line}`).join("\n") + "\n";

async function change(cwd: string, input: { write?: Record<string, string>; remove?: string[] }): Promise<void> {
  for (const [name, text] of Object.entries(input.write ?? {})) {
    mkdirSync(path.dirname(path.join(cwd, name)), { recursive: true });
    writeFileSync(path.join(cwd, name), text);
  }
  for (const name of input.remove ?? []) await runFixtureGit({ cwd, args: ["rm", "-q", "--", name] });
  await runFixtureGit({ cwd, args: ["add", "-A"] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", "change"] });
}

const roots = (...slugs: string[]): DesignTree => ({
  nodes: slugs.map((slug) => ({ slug, title: slug, description: null, status: "in_progress" as const })),
  edges: [],
});

describe("merge order conflicts found through renames", () => {
  it("asks git when the base moved a folder the branch added a file in, and when one side renamed what the other deleted", async () => {
    const { mainPath } = await createRepoWithOrigin({
      root: fixture.root,
      files: { "pkg/one.txt": TEXT, "pkg/two.txt": `${TEXT}two\n`, "old.txt": TEXT, "keep.txt": "keep\n" },
    });
    const worktree = (slug: string) => path.join(fixture.root, slug);
    await addWorktree({ mainPath, path: worktree("adds"), branch: "feat/adds" });
    await addWorktree({ mainPath, path: worktree("renames"), branch: "feat/renames" });
    // The branch adds a file in pkg/; the base moves pkg/ to lib/, adding its own lib/three.txt.
    await change(worktree("adds"), { write: { "pkg/three.txt": "the branch's three\n" } });
    // The branch renames old.txt; the base deletes it.
    await change(worktree("renames"), { write: { "new.txt": TEXT }, remove: ["old.txt"] });
    await change(mainPath, {
      write: { "lib/one.txt": TEXT, "lib/two.txt": `${TEXT}two\n`, "lib/three.txt": "the base's three\n" },
      remove: ["pkg/one.txt", "pkg/two.txt", "old.txt"],
    });

    const order = await readMergeOrder({
      repoRoot: mainPath,
      tree: roots("adds", "renames"),
      rule: "feat/{slug}",
      isTrusted: false,
    });
    const conflictsOf = (branch: string) => order.entries.find((entry) => entry.branch === branch)!.baseConflicts;
    // What git itself says of each landing.
    const gitSays = async (branch: string) => {
      const merged = await runFixtureGit({
        cwd: mainPath,
        args: ["merge-tree", "--write-tree", "--name-only", "--no-messages", "main", branch],
      }).then(
        () => [],
        (error: { stdout: string }) => error.stdout.trim().split("\n").slice(1),
      );
      return merged;
    };
    expect(await gitSays("feat/adds")).toEqual(["lib/three.txt"]);
    expect(conflictsOf("feat/adds")).toEqual(["lib/three.txt"]);
    expect(await gitSays("feat/renames")).not.toEqual([]);
    expect(conflictsOf("feat/renames")).toEqual(await gitSays("feat/renames"));
  });

  it("checks two siblings that renamed the same file to different names", async () => {
    const { mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "old.txt": TEXT } });
    const worktree = (slug: string) => path.join(fixture.root, slug);
    await addWorktree({ mainPath, path: worktree("left"), branch: "feat/left" });
    await addWorktree({ mainPath, path: worktree("right"), branch: "feat/right" });
    await change(worktree("left"), { write: { "left.txt": TEXT }, remove: ["old.txt"] });
    await change(worktree("right"), { write: { "right.txt": TEXT }, remove: ["old.txt"] });

    const order = await readMergeOrder({
      repoRoot: mainPath,
      tree: roots("left", "right"),
      rule: "feat/{slug}",
      isTrusted: false,
    });
    const left = order.entries.find((entry) => entry.branch === "feat/left")!;
    expect(left.siblingRisks).toHaveLength(1);
    expect(left.siblingRisks[0]).toMatchObject({ branch: "feat/right", isChecked: true });
    expect(left.siblingRisks[0]!.conflictingFileCount).toBeGreaterThan(0);
  });
});
