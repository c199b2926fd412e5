import { mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseWorktreeList, type WorktreeListEntry } from "@/lib/git/parse/parse-worktree-list.ts";
import { readWorktreeEntryFromFiles } from "@/lib/git/read/read-worktree-entry-from-files.ts";
import { scanWorktree } from "@/lib/git/read/scan-worktrees.ts";
import { addWorktree, createRepoWithOrigin, runFixtureGit } from "@/tests/support/git-fixtures.ts";
import { useFixtureRoot } from "@/tests/support/use-fixture-root.ts";

const fixture = useFixtureRoot("all");
let mainPath: string;

beforeAll(async () => {
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: { "a.txt": "a\n" } }));
});

/** What `git worktree list` says of the worktree at `worktreePath`, and whether it comes first (the main one). */
async function gitEntry(worktreePath: string): Promise<{ entry: WorktreeListEntry; isMain: boolean }> {
  const entries = parseWorktreeList(
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "list", "--porcelain", "-z"] }),
  );
  const index = entries.findIndex((entry) => entry.path === worktreePath);
  expect(index).not.toBe(-1);
  return { entry: entries[index]!, isMain: index === 0 };
}

describe("a worktree's list entry read from git's files", () => {
  it("agrees with git worktree list for a main, a linked, a detached, a locked and an unborn worktree", async () => {
    expect(readWorktreeEntryFromFiles(mainPath)).toEqual(await gitEntry(mainPath));

    const linked = path.join(fixture.root, "linked");
    await addWorktree({ mainPath, path: linked, branch: "feat/linked" });
    await runFixtureGit({ cwd: linked, args: ["commit", "-q", "--allow-empty", "-m", "linked work"] });
    expect(readWorktreeEntryFromFiles(linked)).toEqual(await gitEntry(linked));

    await runFixtureGit({ cwd: linked, args: ["switch", "-q", "--detach", "HEAD~1"] });
    expect(readWorktreeEntryFromFiles(linked)).toEqual(await gitEntry(linked));

    await runFixtureGit({ cwd: mainPath, args: ["worktree", "lock", "--reason", "on a USB disk", linked] });
    const locked = readWorktreeEntryFromFiles(linked);
    expect(locked?.entry.lockReason).toBe("on a USB disk");
    expect(locked).toEqual(await gitEntry(linked));
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "unlock", linked] });
    await runFixtureGit({ cwd: mainPath, args: ["worktree", "lock", linked] });
    expect(readWorktreeEntryFromFiles(linked)).toEqual(await gitEntry(linked));

    const unborn = path.join(fixture.root, "unborn");
    await addWorktree({ mainPath, path: unborn, branch: "will-be-unborn" });
    await runFixtureGit({ cwd: unborn, args: ["switch", "-q", "--orphan", "fresh"] });
    expect(readWorktreeEntryFromFiles(unborn)?.entry.head).toBeNull();
    expect(readWorktreeEntryFromFiles(unborn)).toEqual(await gitEntry(unborn));
  });

  it("gives the path git reports when the worktree is reached through a symlink", async () => {
    const link = path.join(fixture.root, "via-link");
    symlinkSync(mainPath, link);
    expect(readWorktreeEntryFromFiles(link)).toEqual(await gitEntry(mainPath));
  });

  it("leaves to git what it cannot read plainly: a subfolder, a bare repository, a core.worktree", async () => {
    const sub = path.join(mainPath, "sub");
    mkdirSync(sub, { recursive: true });
    expect(readWorktreeEntryFromFiles(sub)).toBeUndefined();

    const bare = path.join(fixture.root, "bare.git");
    await runFixtureGit({ cwd: fixture.root, args: ["init", "-q", "--bare", bare] });
    expect(readWorktreeEntryFromFiles(bare)).toBeUndefined();

    const other = path.join(fixture.root, "other");
    await runFixtureGit({ cwd: fixture.root, args: ["init", "-q", other] });
    await runFixtureGit({ cwd: other, args: ["config", "core.worktree", fixture.root] });
    expect(readWorktreeEntryFromFiles(other)).toBeUndefined();
  });

  it("still refuses a folder that is not a worktree's top when scanning", async () => {
    await expect(scanWorktree({ worktreePath: path.join(mainPath, "sub") })).rejects.toThrow(
      /is not the top folder of a worktree/,
    );
  });
});
