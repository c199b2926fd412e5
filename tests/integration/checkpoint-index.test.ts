import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, stat, unlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyIndexFile } from "@/lib/git/write/copy-index.ts";
import { getProcessHost, installProcessHost } from "@/lib/process-host/current-process-host.ts";
import { writeWorktreeTree } from "@/lib/git/write/write-worktree-tree.ts";
import {
  addWorktree,
  createFixtureRoot,
  createRepoWithOrigin,
  removeGitFixture,
  runFixtureGit,
  writeFiles,
  type GitFixtureRoot,
} from "@/tests/support/git-fixtures.ts";
import { countingProcessHost } from "@/tests/support/counting-process-host.ts";

const execFileAsync = promisify(execFile);
let fixture: GitFixtureRoot;
let mainPath: string;
let worktreeCount = 0;

beforeAll(async () => {
  fixture = await createFixtureRoot();
  ({ mainPath } = await createRepoWithOrigin({
    root: fixture.root,
    files: { "a.txt": "a\n", "b.txt": "b\n", "dir/c.txt": "c\n" },
  }));
});

afterAll(async () => {
  await removeGitFixture(fixture);
});

const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });

async function newWorktree(): Promise<{ cwd: string; gitDir: string }> {
  worktreeCount += 1;
  const cwd = join(fixture.root, `wt-${worktreeCount}`);
  await addWorktree({ mainPath, path: cwd, branch: `feat/k${worktreeCount}` });
  return { cwd, gitDir: (await git(cwd, "rev-parse", "--absolute-git-dir")).trim() };
}

/** The tree bare git writes from a fresh copy of the worktree's index: what every checkpoint must equal. */
async function bareTree(cwd: string, gitDir: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "bare-index-"));
  try {
    const index = join(folder, "index");
    await copyIndexFile(join(gitDir, "index"), index);
    const env = { ...process.env, GIT_INDEX_FILE: index };
    await execFileAsync("git", ["-C", cwd, "add", "-A"], { env });
    return (await execFileAsync("git", ["-C", cwd, "write-tree"], { env })).stdout.trim();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Everything of the user's that a checkpoint must leave as it was. */
async function userState(cwd: string, gitDir: string) {
  const index = await readFile(join(gitDir, "index"));
  return {
    index: createHash("sha256").update(index).digest("hex"),
    status: await git(cwd, "--no-optional-locks", "status", "--porcelain=v2", "--untracked-files=all"),
    stash: await git(cwd, "stash", "list"),
    head: await git(cwd, "rev-parse", "HEAD"),
  };
}

async function expectCheckpointMatchesBareGit(cwd: string, gitDir: string): Promise<string> {
  const before = await userState(cwd, gitDir);
  const written = await writeWorktreeTree({ worktreePath: cwd });
  expect(await userState(cwd, gitDir)).toEqual(before);
  expect(written.tree).toBe(await bareTree(cwd, gitDir));
  expect(written.head).toBe(before.head.trim());
  return written.tree;
}

describe("checkpoints written with the index Arbor keeps per worktree", () => {
  it("leave the user's index byte for byte as it was, staged partial changes included, and match bare git", async () => {
    const { cwd, gitDir } = await newWorktree();
    // A partial stage: the index holds one version of a.txt, the working file another.
    await writeFiles({ dir: cwd, files: { "a.txt": "a\nstaged line\n" } });
    await git(cwd, "add", "a.txt");
    await writeFiles({ dir: cwd, files: { "a.txt": "a\nstaged line\nunstaged line\n", "new.txt": "new\n" } });
    await writeFiles({ dir: cwd, files: { "stashed.txt": "s\n" } });
    await git(cwd, "stash", "push", "-u", "-q", "--", "stashed.txt");

    const first = await expectCheckpointMatchesBareGit(cwd, gitDir);
    expect(await readFile(join(gitDir, "arbor", "checkpoint-index"))).toBeTruthy();
    // The same files again: the same tree, from the kept index.
    expect(await expectCheckpointMatchesBareGit(cwd, gitDir)).toBe(first);

    await writeFiles({ dir: cwd, files: { "b.txt": "b\nmore\n", "dir/d.txt": "d\n" } });
    await unlink(join(cwd, "dir/c.txt"));
    const afterEdits = await expectCheckpointMatchesBareGit(cwd, gitDir);
    expect(afterEdits).not.toBe(first);
    expect(await git(cwd, "ls-tree", "-r", "--name-only", afterEdits)).toBe(
      ["a.txt", "b.txt", "dir/d.txt", "new.txt", ""].join("\n"),
    );
    expect(await git(cwd, "show", `${afterEdits}:a.txt`)).toBe("a\nstaged line\nunstaged line\n");
  });

  it("follow the user's own index when it changes (a commit, a `git rm --cached`)", async () => {
    const { cwd, gitDir } = await newWorktree();
    await writeFiles({ dir: cwd, files: { "new.txt": "new\n" } });
    await expectCheckpointMatchesBareGit(cwd, gitDir);
    await git(cwd, "add", "-A");
    await git(cwd, "commit", "-q", "-m", "user commit");
    await expectCheckpointMatchesBareGit(cwd, gitDir);
    await writeFile(join(cwd, ".gitignore"), "secret.txt\n");
    await writeFiles({ dir: cwd, files: { "secret.txt": "s\n" } });
    await git(cwd, "add", "-f", "secret.txt");
    await expectCheckpointMatchesBareGit(cwd, gitDir);
    await git(cwd, "rm", "-q", "--cached", "secret.txt");
    const tree = await expectCheckpointMatchesBareGit(cwd, gitDir);
    expect(await git(cwd, "ls-tree", "--name-only", tree)).not.toContain("secret.txt");
  });

  it("leave out a file once it is ignored, and keep one the user tracks although it is ignored", async () => {
    const { cwd, gitDir } = await newWorktree();
    await writeFiles({ dir: cwd, files: { "build.log": "log\n" } });
    const withLog = await expectCheckpointMatchesBareGit(cwd, gitDir);
    expect(await git(cwd, "ls-tree", "--name-only", withLog)).toContain("build.log");

    // The user ignores it without touching the index: the kept index tracks it, theirs does not.
    await writeFile(join(gitDir, "..", "..", "info", "exclude"), "*.log\n");
    const withoutLog = await expectCheckpointMatchesBareGit(cwd, gitDir);
    expect(await git(cwd, "ls-tree", "--name-only", withoutLog)).not.toContain("build.log");

    // A tracked file matching the rule, deleted then written again, is still the user's.
    await writeFiles({ dir: cwd, files: { "kept.log": "1\n" } });
    await git(cwd, "add", "-f", "kept.log");
    await expectCheckpointMatchesBareGit(cwd, gitDir);
    await unlink(join(cwd, "kept.log"));
    await expectCheckpointMatchesBareGit(cwd, gitDir);
    await writeFiles({ dir: cwd, files: { "kept.log": "2\n" } });
    const tree = await expectCheckpointMatchesBareGit(cwd, gitDir);
    expect(await git(cwd, "show", `${tree}:kept.log`)).toBe("2\n");
    await rm(join(gitDir, "..", "..", "info", "exclude"));
  });

  it("ask git for the ignored files the kept index tracks only when its entries or the rules outside the tree changed", async () => {
    const { cwd, gitDir } = await newWorktree();
    const original = getProcessHost();
    const { host, counter } = countingProcessHost(original, "ls-files");
    installProcessHost(host);
    try {
      await writeFiles({ dir: cwd, files: { "notes.md": "n\n" } });
      // Copied from the worktree's index, then the same tree: nothing to ask.
      await expectCheckpointMatchesBareGit(cwd, gitDir);
      await expectCheckpointMatchesBareGit(cwd, gitDir);
      expect(counter.count).toBe(0);

      await writeFiles({ dir: cwd, files: { "notes.md": "n2\n" } }); // another tree: asked once
      await expectCheckpointMatchesBareGit(cwd, gitDir);
      await expectCheckpointMatchesBareGit(cwd, gitDir);
      expect(counter.count).toBe(1);

      // A rule outside the tree ignores what the kept index took in: asked again, and left out.
      await writeFile(join(gitDir, "..", "..", "info", "exclude"), "notes.md\n");
      const tree = await expectCheckpointMatchesBareGit(cwd, gitDir);
      expect(counter.count).toBeGreaterThan(1);
      expect(await git(cwd, "ls-tree", "--name-only", tree)).not.toContain("notes.md");
    } finally {
      installProcessHost(original);
      await rm(join(gitDir, "..", "..", "info", "exclude"), { force: true });
    }
  });

  it("take a file rewritten with the same size in the second its index was written (git's racily clean entry)", async () => {
    const { cwd, gitDir } = await newWorktree();
    const file = join(cwd, "racy.txt");
    const moment = new Date(Date.now() - 60_000);
    await writeFile(file, "1\n");
    await utimes(file, moment, moment);
    await git(cwd, "add", "racy.txt");
    // The index stamped with the entry's second: git compares that entry's content from then on.
    await utimes(join(gitDir, "index"), moment, moment);
    await writeFile(file, "2\n");
    await utimes(file, moment, moment);
    expect(await git(cwd, "diff", "--name-only")).toBe("racy.txt\n");
    const tree = await expectCheckpointMatchesBareGit(cwd, gitDir);
    expect(await git(cwd, "show", `${tree}:racy.txt`)).toBe("2\n");
  });

  it("run side by side in one worktree without sharing an index, and recover from a damaged one", async () => {
    const { cwd, gitDir } = await newWorktree();
    await writeFiles({ dir: cwd, files: { "x.txt": "x\n" } });
    const expected = await bareTree(cwd, gitDir);
    const trees = await Promise.all(Array.from({ length: 4 }, () => writeWorktreeTree({ worktreePath: cwd })));
    expect(trees.map((written) => written.tree)).toEqual([expected, expected, expected, expected]);

    // Held by another checkpoint (its lock file): a one-off copy is used, the kept index is left alone.
    const kept = join(gitDir, "arbor", "checkpoint-index");
    const lock = `${kept}.arbor-lock`;
    await writeFile(lock, "other");
    const keptBefore = await stat(kept);
    await writeFiles({ dir: cwd, files: { "y.txt": "y\n" } });
    await expectCheckpointMatchesBareGit(cwd, gitDir);
    expect((await stat(kept)).mtimeMs).toBe(keptBefore.mtimeMs);
    expect(await readFile(lock, "utf8")).toBe("other");
    await unlink(lock);

    await writeFile(kept, "not an index");
    await expectCheckpointMatchesBareGit(cwd, gitDir);
  });
});
