import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { scanRepoWorktrees, scanWorktree } from "@/lib/git/read/scan-worktrees.ts";
import type { HeadCommit, RepoScan, WorktreeScan } from "@/lib/git/types.ts";
import { getProcessHost, installProcessHost } from "@/lib/process-host/current-process-host.ts";
import { countingProcessHost } from "@/tests/support/counting-process-host.ts";
import {
  FIXTURE_COMMIT_DATE,
  addWorktree,
  commitAll,
  createRepoWithWorktrees,
  removeGitFixture,
  runFixtureGit,
  writeFiles,
  type RepoWithWorktrees,
} from "@/tests/support/git-fixtures.ts";

let fixture: RepoWithWorktrees;
let scan: RepoScan;

beforeAll(async () => {
  fixture = await createRepoWithWorktrees();
  scan = await scanRepoWorktrees({ repoPath: fixture.mainPath });
});

afterAll(async () => {
  await removeGitFixture(fixture);
});

/** The worktree at `path`, with warnings reduced to their codes for exact comparison. */
function factsAt(path: string) {
  const worktree = scan.worktrees.find((candidate) => candidate.path === path);
  if (!worktree) throw new Error(`No scanned worktree at ${path}; got ${scan.worktrees.map((w) => w.path).join(", ")}`);
  return { ...worktree, warnings: worktree.warnings.map((warning) => warning.code) };
}

async function headOf(path: string, subject: string): Promise<HeadCommit> {
  const sha = (await runFixtureGit({ cwd: path, args: ["rev-parse", "HEAD"] })).trim();
  return { sha, shortSha: sha.slice(0, 7), subject, committedAt: FIXTURE_COMMIT_DATE };
}

/** A clean, linked worktree on `branch` at the initial commit; each test overrides what differs. */
function cleanWorktree(path: string, branch: string | null): Omit<WorktreeScan, "warnings"> {
  return {
    path,
    isMain: false,
    isBare: false,
    branch,
    isDetached: false,
    head: {
      sha: fixture.initialSha,
      shortSha: fixture.initialSha.slice(0, 7),
      subject: "Initial commit",
      committedAt: FIXTURE_COMMIT_DATE,
    },
    dirty: { staged: 0, unstaged: 0, untracked: 0, conflicted: 0 },
    upstream: null,
    isLocked: false,
    lockReason: null,
    isPrunable: false,
    prunableReason: null,
    isMissing: false,
    operation: null,
    rebasingBranch: null,
    error: null,
  };
}

describe("scanRepoWorktrees", () => {
  it("reports the repository and every worktree, main first", () => {
    expect(scan.repoRoot).toBe(fixture.mainPath);
    expect(scan.commonDir).toBe(join(fixture.mainPath, ".git"));
    expect(new Date(scan.scannedAt).toISOString()).toBe(scan.scannedAt);
    expect(scan.worktrees[0]?.path).toBe(fixture.mainPath);
    expect(scan.worktrees.map((worktree) => worktree.path).sort()).toEqual(
      [
        fixture.mainPath,
        fixture.detachedPath,
        fixture.dirtyPath,
        fixture.lockedPath,
        fixture.behindPath,
        fixture.gonePath,
        fixture.conflictedPath,
        fixture.missingPath,
        fixture.unicodePath,
      ].sort(),
    );
  });

  it("reports the clean main worktree level with origin/main", () => {
    expect(factsAt(fixture.mainPath)).toEqual({
      ...cleanWorktree(fixture.mainPath, "main"),
      isMain: true,
      upstream: { name: "origin/main", ahead: 0, behind: 0, isGone: false },
      warnings: [],
    });
  });

  it("reports the detached worktree", () => {
    expect(factsAt(fixture.detachedPath)).toEqual({
      ...cleanWorktree(fixture.detachedPath, null),
      isDetached: true,
      warnings: ["detached_head"],
    });
  });

  it("counts staged, unstaged and untracked files exactly and reads ahead", async () => {
    expect(factsAt(fixture.dirtyPath)).toEqual({
      ...cleanWorktree(fixture.dirtyPath, "dirty"),
      head: await headOf(fixture.dirtyPath, "Dirty branch commit"),
      dirty: { staged: 2, unstaged: 2, untracked: 2, conflicted: 0 },
      upstream: { name: "origin/main", ahead: 1, behind: 0, isGone: false },
      warnings: [],
    });
  });

  it("reports the lock and its reason", () => {
    expect(factsAt(fixture.lockedPath)).toEqual({
      ...cleanWorktree(fixture.lockedPath, "locked"),
      isLocked: true,
      lockReason: "on a USB drive",
      warnings: ["locked"],
    });
  });

  it("reports a branch 2 commits behind its upstream", () => {
    const worktree = factsAt(fixture.behindPath);
    expect(worktree).toEqual({
      ...cleanWorktree(fixture.behindPath, "behind"),
      upstream: { name: "origin/behind", ahead: 0, behind: 2, isGone: false },
      warnings: ["behind_upstream"],
    });
    const [warning] = scan.worktrees.find((candidate) => candidate.path === fixture.behindPath)?.warnings ?? [];
    expect(warning?.message).toBe("2 commits behind origin/behind — pull or rebase before continuing");
  });

  it("reports an upstream that no longer exists", () => {
    expect(factsAt(fixture.gonePath)).toEqual({
      ...cleanWorktree(fixture.gonePath, "gone"),
      upstream: { name: "origin/gone", ahead: 0, behind: 0, isGone: true },
      warnings: ["upstream_gone"],
    });
  });

  it("counts a merge conflict, and sees the merge in progress in the git dir", async () => {
    expect(factsAt(fixture.conflictedPath)).toEqual({
      ...cleanWorktree(fixture.conflictedPath, "conflicted"),
      head: await headOf(fixture.conflictedPath, "Our change"),
      dirty: { staged: 0, unstaged: 0, untracked: 0, conflicted: 1 },
      operation: "merge",
      warnings: ["conflicts"],
    });
  });

  it("reports a deleted folder as missing (and prunable, said once), with the listed facts but no status", () => {
    expect(factsAt(fixture.missingPath)).toEqual({
      ...cleanWorktree(fixture.missingPath, "missing"),
      dirty: null,
      isPrunable: true,
      prunableReason: "gitdir file points to non-existent location",
      isMissing: true,
      warnings: ["missing_directory"],
    });
  });

  it("handles a path with spaces and non-ASCII characters", () => {
    expect(factsAt(fixture.unicodePath)).toEqual({
      ...cleanWorktree(fixture.unicodePath, "feature/ünïcode"),
      warnings: [],
    });
  });

  it("gives the same facts with a concurrency of 1", async () => {
    const serial = await scanRepoWorktrees({ repoPath: fixture.dirtyPath, concurrency: 1 });
    expect({ ...serial, scannedAt: "" }).toEqual({ ...scan, scannedAt: "" });
  });

  it("reports a bare repository as one bare main entry", async () => {
    const bare = await scanRepoWorktrees({ repoPath: fixture.originPath });
    expect(bare.commonDir).toBe(fixture.originPath);
    expect(bare.worktrees).toEqual([
      { ...cleanWorktree(fixture.originPath, null), isMain: true, isBare: true, head: null, dirty: null, warnings: [] },
    ]);
  });
});

describe("scanWorktree", () => {
  it("matches the repository scan for every worktree that exists", async () => {
    for (const worktree of scan.worktrees.filter((candidate) => !candidate.isMissing)) {
      expect(await scanWorktree({ worktreePath: worktree.path }), worktree.path).toEqual(worktree);
    }
  });

  it("finds a worktree reached through a symlink", async () => {
    const link = join(fixture.root, "link-to-dirty");
    await symlink(fixture.dirtyPath, link);
    expect((await scanWorktree({ worktreePath: link })).path).toBe(fixture.dirtyPath);
  });

  it("says a deleted worktree folder is gone and how to clean up", async () => {
    const error = await scanWorktree({ worktreePath: fixture.missingPath }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "not_found", status: 404 });
    expect((error as AppError).message).toContain("git worktree prune");
  });

  it("rejects a relative path, a file and a subfolder", async () => {
    const subfolder = join(fixture.dirtyPath, "sub");
    await mkdir(subfolder);
    const cases = [
      { path: "dirty", message: "is a relative path" },
      { path: join(fixture.dirtyPath, "a.txt"), message: "is a file, not a worktree folder" },
      { path: subfolder, message: "is not the top folder of a worktree" },
    ];
    for (const { path, message } of cases) {
      const error = await scanWorktree({ worktreePath: path }).catch((caught: unknown) => caught);
      expect(error, path).toMatchObject({ code: "invalid_input", status: 422 });
      expect((error as AppError).message, path).toContain(message);
    }
  });
});

describe("scanWorktree's HEAD commit", () => {
  it("asks git about a HEAD commit only when it is new, and always reports the current one", async () => {
    const worktreePath = join(fixture.root, "head-commits");
    await addWorktree({ mainPath: fixture.mainPath, path: worktreePath, branch: "feat/head-commits" });
    const original = getProcessHost();
    const { host, counter } = countingProcessHost(original, "log");
    installProcessHost(host);
    try {
      // The initial commit was described by the repository scan: no git log at all.
      expect((await scanWorktree({ worktreePath })).head).toEqual(await headOf(worktreePath, "Initial commit"));
      expect(counter.count).toBe(0);

      await writeFiles({ dir: worktreePath, files: { "new.txt": "new\n" } });
      await commitAll({ cwd: worktreePath, message: "Add new.txt" });
      const [first, second] = [await scanWorktree({ worktreePath }), await scanWorktree({ worktreePath })];
      expect(first.head).toMatchObject({ subject: "Add new.txt", sha: (await headOf(worktreePath, "")).sha });
      expect(second).toEqual(first);
      expect(counter.count).toBe(1);

      // Back at a commit seen before (a reset): reported from memory, and right.
      await runFixtureGit({ cwd: worktreePath, args: ["reset", "-q", "--hard", fixture.initialSha] });
      expect((await scanWorktree({ worktreePath })).head).toEqual(await headOf(worktreePath, "Initial commit"));
      expect(counter.count).toBe(1);
    } finally {
      installProcessHost(original);
    }
  });
});
