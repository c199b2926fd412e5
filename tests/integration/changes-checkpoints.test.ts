import { createHash } from "node:crypto";
import { readFile, readlink, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client.ts";
import { readRunChanges } from "@/lib/changes/read-run-changes.ts";
import { readScopeDiff } from "@/lib/changes/read-scope-diff.ts";
import { previewRestore, restoreBeforeRun } from "@/lib/changes/restore-run.ts";
import { takeRunCheckpoint } from "@/lib/chat/runs/run-checkpoints.ts";
import { RunManager } from "@/lib/chat/runs/run-manager.ts";
import { pinRepository } from "@/lib/pins/pin-repository.ts";
import { createWorktreeIndex } from "@/lib/pins/worktree-index.ts";
import { EventHub } from "@/lib/realtime/event-hub.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
  writeFiles,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";
import { createTestDb } from "@/tests/support/test-db.ts";

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let db: Db;
let fixture: GitFixtureRoot;
let mainPath: string;
let repoId: string;
let worktreeCount = 0;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({
    root: fixture.root,
    files: { "a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n", "staged.txt": "s\n" },
  }));
  await pinRepository({ db, worktreeIndex }, { path: mainPath });
  repoId = (await db.repo.findFirstOrThrow()).id;
});

afterAll(async () => {
  await testDb.close();
  await removeGitFixture(fixture);
});

const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });

/** A run manager with nothing queued: every worktree is idle to the restore's checks. */
const idleRuns = new RunManager({
  execute: () => Promise.reject(new Error("no run is started in these tests")),
  onQueued: () => {},
  onCancelledWhileQueued: (job) => Promise.resolve({ runId: job.runId, assistantMessageId: null, status: "cancelled" }),
});
const hub = new EventHub();
const worktreeIndex = createWorktreeIndex();
const idle = () => ({ db, hub, runs: idleRuns, worktreeIndex });

/** A fresh linked worktree on its own branch, so each test starts clean. */
async function newWorktree(): Promise<string> {
  worktreeCount += 1;
  const path = join(fixture.root, `wt-${worktreeCount}`);
  await addWorktree({ mainPath, path, branch: `feat/t${worktreeCount}` });
  return path;
}

/** Stands for one chat run: its start checkpoint, `work` (what Claude does to the files), its end checkpoint. */
async function recordRun(worktreePath: string, work: () => Promise<void>): Promise<string> {
  const session =
    (await db.chatSession.findFirst({ where: { worktreePath } })) ??
    (await db.chatSession.create({ data: { repoId, worktreePath, activeKey: worktreePath } }));
  const run = await db.agentRun.create({
    data: { sessionId: session.id, repoId, worktreePath, inputPromptDigest: "test", status: "running" },
  });
  const job = { runId: run.id, sessionId: session.id, repoId, worktreePath, userMessageId: 0 };
  const start = await takeRunCheckpoint({ db, hub }, { job, phase: "start" });
  await work();
  await takeRunCheckpoint({ db, hub }, { job, phase: "end", start });
  await db.agentRun.update({ where: { id: run.id }, data: { status: "success" } });
  return run.id;
}

/** What the user has in git that Arbor must never touch: the index file, the stash, HEAD. */
async function userGitState(cwd: string) {
  const gitDir = (await git(cwd, "rev-parse", "--absolute-git-dir")).trim();
  const index = await readFile(join(gitDir, "index")).catch(() => Buffer.alloc(0));
  return {
    index: createHash("sha256").update(index).digest("hex"),
    staged: await git(cwd, "diff", "--cached", "--name-status"),
    stash: await git(cwd, "stash", "list"),
    head: await git(cwd, "rev-parse", "-q", "--verify", "HEAD").catch(() => "unborn"),
  };
}

const names = (files: { display: string; kind: string }[]) =>
  files.map((file) => `${file.kind} ${file.display}`).sort();

describe("checkpoints per run", () => {
  it("show exactly what a run did, apart from the user's own edits, without touching index or stash", async () => {
    const cwd = await newWorktree();
    await writeFiles({ dir: cwd, files: { "staged.txt": "staged by the user\n", "a.txt": "user edit\n" } });
    await git(cwd, "add", "staged.txt");
    await writeFiles({ dir: cwd, files: { "stashed.txt": "x\n" } });
    await git(cwd, "stash", "push", "-u", "-q", "--", "stashed.txt");
    const before = await userGitState(cwd);

    const runId = await recordRun(cwd, async () => {
      await writeFiles({ dir: cwd, files: { "new dir/new file.txt": "new\n", "b.txt": "b\nmore\n" } });
      await unlink(join(cwd, "c.txt"));
    });

    expect(await userGitState(cwd)).toEqual(before);
    const changes = await readRunChanges({ db, worktreeIndex }, { repoId, worktreePath: cwd, runId });
    expect(changes.state).toBe("ready");
    expect(names(changes.files)).toEqual(["added new dir/new file.txt", "deleted c.txt", "modified b.txt"]);
    expect(changes.files.find((file) => file.path === "b.txt")).toMatchObject({ additions: 1, deletions: 0 });
    const refs = await git(cwd, "for-each-ref", "--format=%(refname) %(objecttype)", `refs/arbor/checkpoints/${runId}`);
    expect(refs.trim().split("\n").sort()).toEqual([
      `refs/arbor/checkpoints/${runId}/end tree`,
      `refs/arbor/checkpoints/${runId}/start tree`,
    ]);
  });

  it("keeps the tree of a run that changed nothing by its start ref alone, through git gc", async () => {
    const cwd = await newWorktree();
    await writeFiles({ dir: cwd, files: { "untracked only in checkpoints.txt": "kept\n" } });
    const runId = await recordRun(cwd, () => Promise.resolve());

    const refs = await git(cwd, "for-each-ref", "--format=%(refname)", `refs/arbor/checkpoints/${runId}`);
    expect(refs.trim()).toBe(`refs/arbor/checkpoints/${runId}/start`);
    const rows = await db.runCheckpoint.findMany({ where: { runId }, orderBy: { phase: "desc" } });
    expect(rows.map((row) => row.phase)).toEqual(["start", "end"]);
    expect(rows[1]!.treeSha).toBe(rows[0]!.treeSha);
    await git(cwd, "gc", "-q", "--prune=now");
    expect((await git(cwd, "cat-file", "-t", rows[1]!.treeSha)).trim()).toBe("tree");
    const changes = await readRunChanges({ db, worktreeIndex }, { repoId, worktreePath: cwd, runId });
    expect(changes.state).toBe("ready");
    expect(changes.files).toEqual([]);
  });

  it("keeps a second run's changes apart and lists the user's edits to the same file in between", async () => {
    const cwd = await newWorktree();
    const first = await recordRun(cwd, () => writeFiles({ dir: cwd, files: { "a.txt": "run 1\n" } }));
    await writeFiles({ dir: cwd, files: { "b.txt": "user between runs\n" } });
    const second = await recordRun(cwd, () =>
      writeFiles({ dir: cwd, files: { "b.txt": "run 2\n", "second.txt": "2\n" } }),
    );

    const one = await readRunChanges({ db, worktreeIndex }, { repoId, worktreePath: cwd, runId: first });
    const two = await readRunChanges({ db, worktreeIndex }, { repoId, worktreePath: cwd, runId: second });
    expect(names(one.files)).toEqual(["modified a.txt"]);
    expect(names(two.files)).toEqual(["added second.txt", "modified b.txt"]);
    expect(names(two.editedBefore)).toEqual(["modified b.txt"]);
    expect(one.editedBefore).toEqual([]);
    const diffOf = async (kind: "run" | "before-run") => {
      const view = await readScopeDiff(
        { db, worktreeIndex },
        {
          repoId,
          worktreePath: cwd,
          scope: { kind, runId: second },
          path: "b.txt",
          oldPath: null,
          isUntracked: false,
        },
      );
      return view.diff!.hunks.flatMap((hunk) => hunk.lines.map((line) => `${line.kind} ${line.text}`));
    };
    expect(await diffOf("before-run")).toEqual(["del b", "add user between runs"]);
    expect(await diffOf("run")).toEqual(["del user between runs", "add run 2"]);
    await expect(
      readScopeDiff(
        { db, worktreeIndex },
        {
          repoId,
          worktreePath: cwd,
          scope: { kind: "before-run", runId: first },
          path: "a.txt",
          oldPath: null,
          isUntracked: false,
        },
      ),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  it("lists the commits a run made", async () => {
    const cwd = await newWorktree();
    const runId = await recordRun(cwd, async () => {
      await writeFiles({ dir: cwd, files: { "committed.txt": "c\n" } });
      await git(cwd, "add", "committed.txt");
      await git(cwd, "commit", "-q", "-m", "Claude commits");
    });
    const changes = await readRunChanges({ db, worktreeIndex }, { repoId, worktreePath: cwd, runId });
    expect(changes.commits.map((commit) => commit.subject)).toEqual(["Claude commits"]);
    expect(names(changes.files)).toEqual(["added committed.txt"]);
  });
});

describe("restore to before a run", () => {
  it("previews, then puts the files back as they were when the run started, index untouched", async () => {
    const cwd = await newWorktree();
    await recordRun(cwd, () => writeFiles({ dir: cwd, files: { "a.txt": "run 1\n" } }));
    await writeFiles({ dir: cwd, files: { "staged.txt": "staged\n" } });
    await git(cwd, "add", "staged.txt");
    const second = await recordRun(cwd, async () => {
      await writeFiles({ dir: cwd, files: { "a.txt": "run 2\n", "made by run 2/x.txt": "x\n" } });
      await unlink(join(cwd, "b.txt"));
    });
    const before = await userGitState(cwd);

    const preview = await previewRestore(idle(), { repoId, worktreePath: cwd, runId: second });
    expect(
      preview.files.map((entry) => `${entry.action} ${entry.file.display} ${entry.isChangedSince}`).sort(),
    ).toEqual(["delete made by run 2/x.txt false", "write a.txt false", "write b.txt false"]);
    const result = await restoreBeforeRun(idle(), {
      repoId,
      worktreePath: cwd,
      runId: second,
      expectedTree: preview.currentTree,
      isConfirmed: false,
    });

    expect(result).toMatchObject({ restored: 2, deleted: 1 });
    expect(await readFile(join(cwd, "a.txt"), "utf8")).toBe("run 1\n");
    expect(await readFile(join(cwd, "b.txt"), "utf8")).toBe("b\n");
    await expect(readFile(join(cwd, "made by run 2/x.txt"))).rejects.toThrow(/ENOENT/);
    expect(await userGitState(cwd)).toEqual(before);
    expect((await git(cwd, "cat-file", "-t", result.savedRef)).trim()).toBe("tree");
  });

  it("asks for confirmation when the user changed the same files since, and refuses a stale preview", async () => {
    const cwd = await newWorktree();
    const runId = await recordRun(cwd, () => writeFiles({ dir: cwd, files: { "a.txt": "run\n" } }));
    await writeFiles({ dir: cwd, files: { "a.txt": "user after the run\n" } });
    const preview = await previewRestore(idle(), { repoId, worktreePath: cwd, runId });
    expect(preview.files.map((entry) => [entry.file.path, entry.isChangedSince])).toEqual([["a.txt", true]]);

    const restore = (expectedTree: string, isConfirmed: boolean) =>
      restoreBeforeRun(idle(), { repoId, worktreePath: cwd, runId, expectedTree, isConfirmed });
    await expect(restore(preview.currentTree, false)).rejects.toMatchObject({ code: "conflict" });
    expect(await readFile(join(cwd, "a.txt"), "utf8")).toBe("user after the run\n");

    await writeFiles({ dir: cwd, files: { "a.txt": "edited again after the preview\n" } });
    await expect(restore(preview.currentTree, true)).rejects.toThrow(/changed since you looked/);

    const fresh = await previewRestore(idle(), { repoId, worktreePath: cwd, runId });
    await restore(fresh.currentTree, true);
    expect(await readFile(join(cwd, "a.txt"), "utf8")).toBe("a\n");
  });

  it("is refused while a run is active in the worktree", async () => {
    const cwd = await newWorktree();
    const runId = await recordRun(cwd, () => writeFiles({ dir: cwd, files: { "a.txt": "run\n" } }));
    const preview = await previewRestore(idle(), { repoId, worktreePath: cwd, runId });
    // The run manager is real; the job it holds waits for its abort instead of starting claude.
    const manager = new RunManager({
      execute: (job, signal) =>
        new Promise((resolve) =>
          signal.addEventListener("abort", () =>
            resolve({ runId: job.runId, assistantMessageId: null, status: "cancelled" }),
          ),
        ),
      onQueued: () => {},
      onCancelledWhileQueued: (job) =>
        Promise.resolve({ runId: job.runId, assistantMessageId: null, status: "cancelled" }),
    });
    const active = manager.submit({ runId: "active", sessionId: "s", repoId, worktreePath: cwd, userMessageId: 0 });
    try {
      expect(
        (await previewRestore({ db, runs: manager, worktreeIndex }, { repoId, worktreePath: cwd, runId })).isRunActive,
      ).toBe(true);
      await expect(
        restoreBeforeRun(
          { db, hub, runs: manager, worktreeIndex },
          {
            repoId,
            worktreePath: cwd,
            runId,
            expectedTree: preview.currentTree,
            isConfirmed: true,
          },
        ),
      ).rejects.toThrow(/Claude is working in this worktree/);
      expect(await readFile(join(cwd, "a.txt"), "utf8")).toBe("run\n");
    } finally {
      manager.cancel("active");
      await active;
    }
  });
});

describe("checkpoints on unusual worktrees", () => {
  it("work on a detached HEAD, with odd names and a symlink that a restore brings back", async () => {
    const cwd = await newWorktree();
    await git(cwd, "checkout", "-q", "--detach");
    await symlink("a.txt", join(cwd, "link"));
    const odd = Buffer.from("caf\xe9 \n name.txt", "latin1");
    const runId = await recordRun(cwd, async () => {
      await unlink(join(cwd, "link"));
      await writeFile(join(cwd, "link"), "now a file\n");
      await writeFile(Buffer.concat([Buffer.from(`${cwd}/`), odd]), "odd\n");
    });
    const changes = await readRunChanges({ db, worktreeIndex }, { repoId, worktreePath: cwd, runId });
    expect(names(changes.files)).toEqual(["added caf\\xE9 \\n name.txt", "type_changed link"]);
    const checkpoint = await db.runCheckpoint.findFirstOrThrow({ where: { runId, phase: "start" } });
    expect(checkpoint.headSha).toBe((await git(cwd, "rev-parse", "HEAD")).trim());

    const preview = await previewRestore(idle(), { repoId, worktreePath: cwd, runId });
    await restoreBeforeRun(idle(), {
      repoId,
      worktreePath: cwd,
      runId,
      expectedTree: preview.currentTree,
      isConfirmed: false,
    });
    expect(await readlink(join(cwd, "link"))).toBe("a.txt");
    await expect(readFile(Buffer.concat([Buffer.from(`${cwd}/`), odd]))).rejects.toThrow(/ENOENT/);
  });

  it("work on an unborn branch (no commit yet)", async () => {
    const cwd = join(fixture.root, "unborn");
    await git(fixture.root, "init", "-q", cwd);
    await pinRepository({ db, worktreeIndex }, { path: cwd });
    const unbornRepo = await db.repo.findFirstOrThrow({ where: { rootPath: cwd } });
    const session = await db.chatSession.create({ data: { repoId: unbornRepo.id, worktreePath: cwd, activeKey: cwd } });
    const run = await db.agentRun.create({
      data: {
        sessionId: session.id,
        repoId: unbornRepo.id,
        worktreePath: cwd,
        inputPromptDigest: "t",
        status: "success",
      },
    });
    const job = { runId: run.id, sessionId: session.id, repoId: unbornRepo.id, worktreePath: cwd, userMessageId: 0 };
    await takeRunCheckpoint({ db, hub }, { job, phase: "start" });
    await writeFiles({ dir: cwd, files: { "first.txt": "1\n" } });
    await takeRunCheckpoint({ db, hub }, { job, phase: "end" });
    const changes = await readRunChanges(
      { db, worktreeIndex },
      { repoId: unbornRepo.id, worktreePath: cwd, runId: run.id },
    );
    expect(names(changes.files)).toEqual(["added first.txt"]);
    expect((await db.runCheckpoint.findMany({ where: { runId: run.id } })).map((c) => c.headSha)).toEqual([null, null]);
    expect(await git(cwd, "ls-files", "--stage")).toBe("");
  });

  it("work in the middle of a merge with conflicts, leaving the conflict for the user", async () => {
    const cwd = await newWorktree();
    await writeFiles({ dir: cwd, files: { "a.txt": "ours\n" } });
    await git(cwd, "commit", "-q", "-am", "ours");
    await git(cwd, "checkout", "-q", "-b", `theirs-${worktreeCount}`, "main");
    await writeFiles({ dir: cwd, files: { "a.txt": "theirs\n" } });
    await git(cwd, "commit", "-q", "-am", "theirs");
    await git(cwd, "checkout", "-q", `feat/t${worktreeCount}`);
    await expect(git(cwd, "merge", "-q", `theirs-${worktreeCount}`)).rejects.toThrow();
    const before = await userGitState(cwd);
    const unmerged = await git(cwd, "ls-files", "--unmerged");

    const runId = await recordRun(cwd, () => writeFiles({ dir: cwd, files: { "a.txt": "resolved by the run\n" } }));

    expect(await git(cwd, "ls-files", "--unmerged")).toBe(unmerged);
    expect(await userGitState(cwd)).toEqual(before);
    const changes = await readRunChanges({ db, worktreeIndex }, { repoId, worktreePath: cwd, runId });
    expect(names(changes.files)).toEqual(["modified a.txt"]);
  });

  it("record a submodule as a commit id and leave it alone on restore", async () => {
    const cwd = await newWorktree();
    const sub = join(fixture.root, `sub-${worktreeCount}`);
    await git(fixture.root, "init", "-q", sub);
    await writeFiles({ dir: sub, files: { "s.txt": "s\n" } });
    await git(sub, "add", "-A");
    await git(sub, "commit", "-q", "-m", "sub");
    await git(cwd, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "vendor/sub");
    await git(cwd, "commit", "-q", "-m", "add submodule");
    const runId = await recordRun(cwd, async () => {
      await writeFiles({ dir: join(cwd, "vendor/sub"), files: { "s.txt": "changed\n" } });
      await git(join(cwd, "vendor/sub"), "commit", "-q", "-am", "sub change");
      await writeFiles({ dir: cwd, files: { "a.txt": "run\n" } });
    });
    const changes = await readRunChanges({ db, worktreeIndex }, { repoId, worktreePath: cwd, runId });
    expect(changes.files.map((file) => [file.path, file.isSubmodule])).toEqual([
      ["a.txt", false],
      ["vendor/sub", true],
    ]);
    const preview = await previewRestore(idle(), { repoId, worktreePath: cwd, runId });
    expect(preview.files.map((entry) => [entry.file.path, entry.action])).toEqual([
      ["a.txt", "write"],
      ["vendor/sub", "skip"],
    ]);
  });

  it("go on without a checkpoint when the worktree folder is gone", async () => {
    const cwd = await newWorktree();
    const session = await db.chatSession.create({ data: { repoId, worktreePath: cwd, activeKey: cwd } });
    const run = await db.agentRun.create({
      data: { sessionId: session.id, repoId, worktreePath: cwd, inputPromptDigest: "t", status: "running" },
    });
    await rm(cwd, { recursive: true, force: true });
    const job = { runId: run.id, sessionId: session.id, repoId, worktreePath: cwd, userMessageId: 0 };
    await takeRunCheckpoint({ db, hub }, { job, phase: "start" });
    expect(await db.runCheckpoint.count({ where: { runId: run.id } })).toBe(0);
    await expect(
      readRunChanges({ db, worktreeIndex }, { repoId, worktreePath: cwd, runId: run.id }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("handle 10,000 changed files", async () => {
    const cwd = await newWorktree();
    const files = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, index) => [`many/f${index}.txt`, `${index}\n`]),
    );
    const runId = await recordRun(cwd, () => writeFiles({ dir: cwd, files }));
    const changes = await readRunChanges({ db, worktreeIndex }, { repoId, worktreePath: cwd, runId });
    expect(changes.totalFiles).toBe(10_000);
    expect(changes.files.every((file) => file.kind === "added")).toBe(true);
  });
});
