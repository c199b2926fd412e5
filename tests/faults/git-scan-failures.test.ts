import { chmod, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scanRepoWorktrees } from "@/lib/git/read/scan-worktrees.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";

const isRoot = process.getuid?.() === 0;

let fixture: GitFixtureRoot & { mainPath: string; paths: string[] };

beforeEach(async () => {
  const { root } = await createFixtureRoot();
  const { mainPath } = await createRepoWithOrigin({ root, files: { "a.txt": "a\n" } });
  const paths = ["one", "two", "three"].map((name) => join(root, name));
  for (const [index, path] of paths.entries()) await addWorktree({ mainPath, path, branch: `branch-${index}` });
  fixture = { root, mainPath, paths };
});

afterEach(async () => {
  // Restore access a test may have removed, so the folder can be deleted when not running as root.
  for (const path of fixture.paths) await chmod(path, 0o755);
  await removeGitFixture(fixture);
});

/** The failed worktree carries git's reason and a scan_failed warning; every other one is clean. */
async function expectOnlyFailure({
  failedPath,
  reason,
  codes = ["scan_failed"],
}: {
  failedPath: string;
  reason: RegExp;
  codes?: string[];
}): Promise<void> {
  const scan = await scanRepoWorktrees({ repoPath: fixture.mainPath });
  expect(scan.worktrees).toHaveLength(4);
  for (const worktree of scan.worktrees) {
    if (worktree.path === failedPath) {
      expect(worktree.error).toMatch(reason);
      expect(worktree).toMatchObject({ dirty: null, upstream: null, isMissing: false });
      expect(worktree.warnings.map((warning) => warning.code)).toEqual(codes);
      expect(worktree.warnings[0]?.message).toContain(worktree.error as string);
    } else {
      expect(worktree, worktree.path).toMatchObject({
        error: null,
        dirty: { staged: 0, unstaged: 0, untracked: 0, conflicted: 0 },
      });
    }
  }
}

describe("scanRepoWorktrees when one worktree is broken", () => {
  it("reports a worktree whose .git file is corrupted and still scans the rest", async () => {
    const broken = fixture.paths[1] as string;
    await writeFile(join(broken, ".git"), "this is not a gitfile\n");
    await expectOnlyFailure({ failedPath: broken, reason: /gitfile/ });
  });

  it("reports a worktree folder replaced after listing (git cannot enter it)", async () => {
    const replaced = fixture.paths[0] as string;
    await rm(replaced, { recursive: true });
    await writeFile(replaced, "a file where the worktree was\n");
    // Git itself also notices the missing <path>/.git and marks the entry prunable.
    await expectOnlyFailure({ failedPath: replaced, reason: /cannot change to/, codes: ["scan_failed", "prunable"] });
  });

  it.skipIf(isRoot)("reports a worktree folder that cannot be read", async () => {
    const locked = fixture.paths[2] as string;
    await chmod(locked, 0o000);
    // Git cannot see <path>/.git either, so it marks the entry prunable too.
    await expectOnlyFailure({ failedPath: locked, reason: /Permission denied/, codes: ["scan_failed", "prunable"] });
  });
});

describe("scanRepoWorktrees with unusual paths", () => {
  it("keeps a newline inside a worktree path intact", async () => {
    const path = join(fixture.root, "line one\nline two");
    await addWorktree({ mainPath: fixture.mainPath, path, branch: "newline" });
    const scan = await scanRepoWorktrees({ repoPath: path });
    const worktree = scan.worktrees.find((candidate) => candidate.path === path);
    expect(worktree).toMatchObject({ branch: "newline", error: null, isMissing: false });
    expect(scan.worktrees).toHaveLength(5);
  });
});
