import { chmod, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client.ts";
import { commitChanges } from "@/lib/changes/commit-changes.ts";
import { readChangesOverview } from "@/lib/changes/read-changes-overview.ts";
import { readContextLines } from "@/lib/changes/read-context-lines.ts";
import { readScopeDiff } from "@/lib/changes/read-scope-diff.ts";
import { readScopeFiles } from "@/lib/changes/read-scope-files.ts";
import { hunkId } from "@/lib/git/parse/hunk-id.ts";
import { pinRepository } from "@/lib/pins/pin-repository.ts";
import { updateSettings } from "@/lib/settings/settings-store.ts";
import { inspectRepository } from "@/lib/trust/inspect-repository.ts";
import { trustRepository } from "@/lib/trust/repo-trust.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
  writeFiles,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";
import { createTestContext } from "@/tests/support/test-context.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let db: Db;
let ctx: ReturnType<typeof createTestContext>;
let fixture: GitFixtureRoot;
let mainPath: string;
let repoId: string;
let worktreeCount = 0;

const BASE_FILES = { "a.txt": "a\n", "b.txt": "b\n", "long.txt": lines(1, 40) };

function lines(from: number, to: number): string {
  return Array.from({ length: to - from + 1 }, (_, index) => `line ${from + index}\n`).join("");
}

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  ctx = createTestContext({ db });
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({ root: fixture.root, files: BASE_FILES }));
  await git(mainPath, "config", "user.name", "Repo User");
  await git(mainPath, "config", "user.email", "repo.user@example.invalid");
  await pinRepository(ctx, { path: mainPath });
  repoId = (await db.repo.findFirstOrThrow()).id;
});

afterAll(async () => {
  await testDb.close();
  await removeGitFixture(fixture);
});

const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });

async function newWorktree(): Promise<string> {
  worktreeCount += 1;
  const path = join(fixture.root, `wt-${worktreeCount}`);
  await addWorktree({ mainPath, path, branch: `feat/t${worktreeCount}` });
  return path;
}

const uncommitted = { kind: "uncommitted" as const };

describe("the changes list", () => {
  it("lists staged, unstaged and untracked files with counts and mode changes, odd names included", async () => {
    const cwd = await newWorktree();
    await writeFiles({ dir: cwd, files: { "a.txt": "a\nstaged\n", "b.txt": "b\nunstaged\n" } });
    await git(cwd, "add", "a.txt");
    await writeFile(join(cwd, "a.txt"), "a\nstaged\nand not\n");
    await writeFile(join(cwd, "new\nline name.txt"), "1\n2\n");
    await writeFile(Buffer.from(`${cwd}/caf\xe9.txt`, "latin1"), "x\n");
    await chmod(join(cwd, "long.txt"), 0o755);

    const listed = await readScopeFiles(ctx, { repoId, worktreePath: cwd, scope: uncommitted });
    expect(
      listed.files
        .map((file) => [file.display, file.kind, file.isStaged, file.isUnstaged, file.additions, file.deletions])
        .sort(),
    ).toEqual([
      ["a.txt", "modified", true, true, 2, 0],
      ["b.txt", "modified", false, true, 1, 0],
      ["caf\\xE9.txt", "untracked", false, true, 1, 0],
      ["long.txt", "modified", false, true, 0, 0],
      ["new\\nline name.txt", "untracked", false, true, 2, 0],
    ]);
    expect(listed.files.find((file) => file.path === "long.txt")).toMatchObject({
      oldMode: "100644",
      newMode: "100755",
    });
    expect(listed.totalFiles).toBe(5);
  });

  it("lists the branch's commits since its base with ahead/behind, and a base the user picks", async () => {
    const cwd = await newWorktree();
    await writeFiles({ dir: cwd, files: { "feature.txt": "f\n" } });
    await git(cwd, "add", "feature.txt");
    await git(cwd, "commit", "-q", "-m", "Add feature");
    await writeFiles({ dir: mainPath, files: { "main-only.txt": "m\n" } });
    await git(mainPath, "add", "main-only.txt");
    await git(mainPath, "commit", "-q", "-m", "Main moves on");

    const overview = await readChangesOverview(ctx, { repoId, worktreePath: cwd });
    expect(overview.base).toMatchObject({ name: "main", source: "default", ahead: 1, behind: 1 });
    expect(overview.commits.map((commit) => commit.subject)).toEqual(["Add feature"]);
    const branchFiles = await readScopeFiles(ctx, {
      repoId,
      worktreePath: cwd,
      scope: { kind: "branch", mergeBase: overview.base.mergeBase! },
    });
    expect(branchFiles.files.map((file) => `${file.kind} ${file.path}`)).toEqual(["added feature.txt"]);

    const picked = await readChangesOverview(ctx, { repoId, worktreePath: cwd, base: "origin/main" });
    expect(picked.base).toMatchObject({ name: "origin/main", source: "chosen", ahead: 1, behind: 0 });
    const wrong = await readChangesOverview(ctx, { repoId, worktreePath: cwd, base: "no-such-branch" });
    expect(wrong.base.source).toBe("default");
    expect(wrong.base.note).toMatch(/no-such-branch/);
  });

  it("says when HEAD is detached", async () => {
    const cwd = await newWorktree();
    await git(cwd, "checkout", "-q", "--detach");
    const overview = await readChangesOverview(ctx, { repoId, worktreePath: cwd });
    expect(overview).toMatchObject({ isDetached: true, branch: null, base: { name: "main", ahead: 0 } });
  });

  it("refuses a worktree whose folder is gone with what to do", async () => {
    await expect(
      readScopeFiles(ctx, { repoId, worktreePath: join(fixture.root, "gone"), scope: uncommitted }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("a file's diff", () => {
  it("has numbered hunks, and the lines around them can be read for context", async () => {
    const cwd = await newWorktree();
    await writeFile(join(cwd, "long.txt"), lines(1, 40).replace("line 20\n", "line twenty\n"));
    const view = await readScopeDiff(ctx, {
      repoId,
      worktreePath: cwd,
      scope: uncommitted,
      path: "long.txt",
      oldPath: null,
      isUntracked: false,
    });
    const hunk = view.diff!.hunks[0]!;
    expect([hunk.oldStart, hunk.newStart, hunk.lines.length]).toEqual([17, 17, 8]);
    expect(hunk.lines.filter((line) => line.kind !== "context").map((line) => `${line.kind} ${line.text}`)).toEqual([
      "del line 20",
      "add line twenty",
    ]);
    expect(view.linesSource).toEqual({ kind: "worktree", path: "long.txt" });
    const above = await readContextLines(ctx, {
      repoId,
      worktreePath: cwd,
      source: view.linesSource!,
      start: 1,
      end: 3,
    });
    expect(above).toEqual({ lines: ["line 1", "line 2", "line 3"], totalLines: 40 });
  });

  it("of an untracked file is all added lines", async () => {
    const cwd = await newWorktree();
    await writeFile(join(cwd, "fresh file.txt"), "one\ntwo\n");
    const view = await readScopeDiff(ctx, {
      repoId,
      worktreePath: cwd,
      scope: uncommitted,
      path: "fresh file.txt",
      oldPath: null,
      isUntracked: true,
    });
    expect(view.diff!.hunks[0]!.lines.map((line) => `${line.kind} ${line.newNo} ${line.text}`)).toEqual([
      "add 1 one",
      "add 2 two",
    ]);
  });
});

describe("commit", () => {
  const log = (cwd: string) => git(cwd, "log", "-1", "--format=%an <%ae>|%s");

  it("commits only the chosen files under the user's identity; what else was staged stays staged", async () => {
    const cwd = await newWorktree();
    await writeFiles({ dir: cwd, files: { "a.txt": "a2\n", "b.txt": "b2\n", "c new.txt": "c\n" } });
    await git(cwd, "add", "b.txt");
    const result = await commitChanges(ctx, {
      repoId,
      worktreePath: cwd,
      message: "Change a and add c",
      files: [{ path: "a.txt" }, { path: "c new.txt" }],
    });
    expect(await log(cwd)).toBe("Repo User <repo.user@example.invalid>|Change a and add c\n");
    expect(result.shortSha).toBe(result.commit.slice(0, 7));
    expect(await git(cwd, "show", "--format=", "--name-only", "HEAD")).toBe("a.txt\nc new.txt\n");
    expect(await git(cwd, "status", "--porcelain")).toBe("M  b.txt\n");
  });

  it("commits chosen hunks only", async () => {
    const cwd = await newWorktree();
    await writeFile(
      join(cwd, "long.txt"),
      lines(1, 40).replace("line 2\n", "line two\n").replace("line 38\n", "line 38b\n"),
    );
    const view = await readScopeDiff(ctx, {
      repoId,
      worktreePath: cwd,
      scope: uncommitted,
      path: "long.txt",
      oldPath: null,
      isUntracked: false,
    });
    expect(view.diff!.hunks).toHaveLength(2);
    await commitChanges(ctx, {
      repoId,
      worktreePath: cwd,
      message: "Only the second hunk",
      files: [{ path: "long.txt", hunks: [hunkId(view.diff!.hunks[1]!)] }],
    });
    const committed = await git(cwd, "show", "HEAD:long.txt");
    expect(committed).toContain("line 38b\n");
    expect(committed).toContain("line 2\n");
    expect(await git(cwd, "diff", "--stat")).toContain("long.txt | 2 +-");
  });

  it("says so when the chosen files have nothing to commit", async () => {
    const cwd = await newWorktree();
    await expect(
      commitChanges(ctx, { repoId, worktreePath: cwd, message: "Nothing", files: [{ path: "a.txt" }] }),
    ).rejects.toMatchObject({ code: "invalid_input", message: expect.stringMatching(/Nothing to commit/) });
  });

  it("runs hooks in a trusted repository only; a failing or hanging hook leaves the index as it was", async () => {
    const cwd = await newWorktree();
    const hooks = join(mainPath, ".git", "hooks");
    const hangFlag = join(fixture.root, "hook-hangs");
    // One hook for the whole test (changing it would change what the user trusted): it fails, or hangs once flagged.
    await writeFile(
      join(hooks, "pre-commit"),
      `#!/bin/sh\nif [ -f '${hangFlag}' ]; then sleep 60; fi\necho 'lint says no' >&2\nexit 1\n`,
      { mode: 0o755 },
    );
    await writeFiles({ dir: cwd, files: { "a.txt": "hooked\n", "b.txt": "staged\n" } });
    await git(cwd, "add", "b.txt");
    const commit = () =>
      commitChanges(ctx, { repoId, worktreePath: cwd, message: "Hooked", files: [{ path: "a.txt" }] });

    // Untrusted: the hook does not run, the commit lands.
    await commit();
    expect(await log(cwd)).toContain("|Hooked");
    await writeFile(join(cwd, "a.txt"), "hooked again\n");

    const { digest } = await inspectRepository(db, repoId);
    await trustRepository(db, { repoId, digest });
    const indexNow = await git(cwd, "ls-files", "--stage");
    const headNow = await git(cwd, "rev-parse", "HEAD");
    const failed = commit();
    await expect(failed).rejects.toMatchObject({ code: "conflict", details: { output: "lint says no" } });
    expect(await git(cwd, "ls-files", "--stage")).toBe(indexNow);
    expect(await git(cwd, "diff", "--cached", "--name-only")).toBe("b.txt\n");

    expect(await git(cwd, "rev-parse", "HEAD")).toBe(headNow);

    await writeFile(hangFlag, "");
    await updateSettings(ctx, { commitTimeoutSeconds: 1 });
    await expect(commit()).rejects.toMatchObject({ code: "unavailable", message: expect.stringMatching(/within 1 s/) });
    expect(await git(cwd, "ls-files", "--stage")).toBe(indexNow);
    expect(await git(cwd, "rev-parse", "HEAD")).toBe(headNow);
    await readFile(join(cwd, "a.txt"), "utf8").then((text) => expect(text).toBe("hooked again\n"));
    await updateSettings(ctx, { commitTimeoutSeconds: 120 });
    await unlink(join(hooks, "pre-commit"));
    await unlink(hangFlag);
    await db.repoTrust.delete({ where: { repoId } });
  });
});
