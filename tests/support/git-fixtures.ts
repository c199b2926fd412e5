import { execFile } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { devNull, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

// Plain async functions, independent of vitest, so browser e2e tests can reuse them.

const execFileAsync = promisify(execFile);

/** Committer date of every fixture commit, as `%cI` prints it. */
export const FIXTURE_COMMIT_DATE = "2024-01-02T03:04:05+00:00";

/** A temporary folder holding fixture repositories; remove it with removeGitFixture. */
export interface GitFixtureRoot {
  root: string;
}

export interface RepoWithWorktrees extends GitFixtureRoot {
  /** Bare repository every branch tracks as `origin`. */
  originPath: string;
  /** Main worktree: `main` tracking origin/main, clean, one commit ("Initial commit"). */
  mainPath: string;
  initialSha: string;
  /** Detached at the initial commit. */
  detachedPath: string;
  /** Branch `dirty`, 1 commit ahead of origin/main; 2 staged, 2 unstaged (a.txt is both), 2 untracked. */
  dirtyPath: string;
  /** Branch `locked`, locked with reason "on a USB drive". */
  lockedPath: string;
  /** Branch `behind`, 2 commits behind origin/behind. */
  behindPath: string;
  /** Branch `gone`, whose upstream origin/gone was deleted. */
  gonePath: string;
  /** Branch `conflicted`, mid-merge with one conflicted file (a.txt). */
  conflictedPath: string;
  /** Branch `missing`, whose folder was deleted after `git worktree add`. */
  missingPath: string;
  /** Branch `feature/ünïcode` in a folder named "wt with spaces ünïcode". */
  unicodePath: string;
}

/**
 * Runs git for a fixture with a fixed identity and dates and without the user's or system's git
 * config, so fixtures build the same on a machine where git was never configured.
 */
export async function runFixtureGit({ cwd, args }: { cwd: string; args: string[] }): Promise<string> {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "Arbor Test",
    GIT_AUTHOR_EMAIL: "test@arbor.invalid",
    GIT_COMMITTER_NAME: "Arbor Test",
    GIT_COMMITTER_EMAIL: "test@arbor.invalid",
    GIT_AUTHOR_DATE: FIXTURE_COMMIT_DATE,
    GIT_COMMITTER_DATE: FIXTURE_COMMIT_DATE,
    GIT_CONFIG_GLOBAL: devNull,
    GIT_CONFIG_NOSYSTEM: "1",
  };
  const { stdout } = await execFileAsync("git", ["-c", "init.defaultBranch=main", "-C", cwd, ...args], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Creates an empty temporary folder (real path, so it matches the paths git reports). */
export async function createFixtureRoot(): Promise<GitFixtureRoot> {
  return { root: await realpath(await mkdtemp(join(tmpdir(), "arbor-git-"))) };
}

/** Deletes everything a fixture created. */
export async function removeGitFixture({ root }: GitFixtureRoot): Promise<void> {
  // The server may still be writing in the repository when a test ends (a run's end checkpoint
  // adds objects, a watched worktree rescans): rm retries a folder that filled up meanwhile.
  await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/** Creates `origin.git` and a `main` clone with `files` committed on main and pushed. */
export async function createRepoWithOrigin({ root, files }: GitFixtureRoot & { files: Record<string, string> }) {
  const originPath = join(root, "origin.git");
  const mainPath = join(root, "main");
  await runFixtureGit({ cwd: root, args: ["init", "-q", "--bare", originPath] });
  await runFixtureGit({ cwd: root, args: ["init", "-q", mainPath] });
  await writeFiles({ dir: mainPath, files });
  await commitAll({ cwd: mainPath, message: "Initial commit" });
  await runFixtureGit({ cwd: mainPath, args: ["remote", "add", "origin", originPath] });
  await runFixtureGit({ cwd: mainPath, args: ["push", "-q", "-u", "origin", "main"] });
  const initialSha = (await runFixtureGit({ cwd: mainPath, args: ["rev-parse", "HEAD"] })).trim();
  return { originPath, mainPath, initialSha };
}

/** Adds a worktree at `path` on a new branch started from main. */
export async function addWorktree({
  mainPath,
  path,
  branch,
}: {
  mainPath: string;
  path: string;
  branch: string;
}): Promise<void> {
  await runFixtureGit({ cwd: mainPath, args: ["worktree", "add", "-q", "-b", branch, "--", path, "main"] });
}

/** Writes files (creating folders) relative to `dir`. */
export async function writeFiles({ dir, files }: { dir: string; files: Record<string, string> }): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(dir, name, ".."), { recursive: true });
    await writeFile(join(dir, name), content);
  }
}

export async function commitAll({ cwd, message }: { cwd: string; message: string }): Promise<void> {
  await runFixtureGit({ cwd, args: ["add", "-A"] });
  await runFixtureGit({ cwd, args: ["commit", "-q", "-m", message] });
}

/**
 * Builds a repository whose worktrees cover every state the scanner reports: clean main,
 * detached, dirty and ahead, locked, behind, upstream gone, conflicted, missing folder, and a
 * path with spaces and non-ASCII characters. See RepoWithWorktrees for the exact facts.
 */
export async function createRepoWithWorktrees(): Promise<RepoWithWorktrees> {
  const { root } = await createFixtureRoot();
  const { originPath, mainPath, initialSha } = await createRepoWithOrigin({
    root,
    files: { "README.md": "# fixture\n", "a.txt": "a\n", "b.txt": "b\n" },
  });
  const at = (name: string) => join(root, name);
  const git = (cwd: string, ...args: string[]) => runFixtureGit({ cwd, args });

  await git(mainPath, "worktree", "add", "-q", "--detach", at("detached"), "main");

  await addWorktree({ mainPath, path: at("dirty"), branch: "dirty" });
  await git(at("dirty"), "branch", "-q", "--set-upstream-to=origin/main");
  await writeFiles({ dir: at("dirty"), files: { "c.txt": "ahead\n" } });
  await commitAll({ cwd: at("dirty"), message: "Dirty branch commit" });
  await writeFiles({ dir: at("dirty"), files: { "a.txt": "staged\n", "staged.txt": "new\n" } });
  await git(at("dirty"), "add", "a.txt", "staged.txt");
  await writeFiles({
    dir: at("dirty"),
    files: { "a.txt": "staged then changed\n", "b.txt": "changed\n", "u1.txt": "u\n", "u2.txt": "u\n" },
  });

  await addWorktree({ mainPath, path: at("locked"), branch: "locked" });
  await git(mainPath, "worktree", "lock", "--reason", "on a USB drive", at("locked"));

  // Two commits exist only on origin/behind; the local branch stays at the initial commit.
  const tree = (await git(mainPath, "rev-parse", "HEAD^{tree}")).trim();
  const first = (await git(mainPath, "commit-tree", tree, "-p", initialSha, "-m", "Upstream change 1")).trim();
  const second = (await git(mainPath, "commit-tree", tree, "-p", first, "-m", "Upstream change 2")).trim();
  await git(mainPath, "push", "-q", "origin", `${second}:refs/heads/behind`);
  await git(mainPath, "fetch", "-q", "origin");
  await addWorktree({ mainPath, path: at("behind"), branch: "behind" });
  await git(at("behind"), "branch", "-q", "--set-upstream-to=origin/behind");

  await git(mainPath, "push", "-q", "origin", "main:refs/heads/gone");
  await git(mainPath, "fetch", "-q", "origin");
  await addWorktree({ mainPath, path: at("gone"), branch: "gone" });
  await git(at("gone"), "branch", "-q", "--set-upstream-to=origin/gone");
  await git(mainPath, "push", "-q", "origin", "--delete", "gone");
  await git(mainPath, "fetch", "-q", "--prune", "origin");

  await addWorktree({ mainPath, path: at("conflicted"), branch: "conflicted" });
  await writeFiles({ dir: at("conflicted"), files: { "a.txt": "theirs\n" } });
  await commitAll({ cwd: at("conflicted"), message: "Their change" });
  await git(at("conflicted"), "branch", "conflict-theirs");
  await git(at("conflicted"), "reset", "-q", "--hard", "HEAD~1");
  await writeFiles({ dir: at("conflicted"), files: { "a.txt": "ours\n" } });
  await commitAll({ cwd: at("conflicted"), message: "Our change" });
  await expectMergeConflict(at("conflicted"));

  await addWorktree({ mainPath, path: at("missing"), branch: "missing" });
  await rm(at("missing"), { recursive: true, force: true });

  await addWorktree({ mainPath, path: at("wt with spaces ünïcode"), branch: "feature/ünïcode" });

  return {
    root,
    originPath,
    mainPath,
    initialSha,
    detachedPath: at("detached"),
    dirtyPath: at("dirty"),
    lockedPath: at("locked"),
    behindPath: at("behind"),
    gonePath: at("gone"),
    conflictedPath: at("conflicted"),
    missingPath: at("missing"),
    unicodePath: at("wt with spaces ünïcode"),
  };
}

/**
 * Builds a repository with `count` linked worktrees next to its main worktree (for benchmarks);
 * every `dirtyEvery`-th one gets one modified and one untracked file.
 */
export async function createWorktrees({
  count,
  dirtyEvery,
  fileCount = 20,
}: {
  count: number;
  dirtyEvery: number;
  fileCount?: number;
}): Promise<GitFixtureRoot & { mainPath: string; worktreePaths: string[] }> {
  const { root } = await createFixtureRoot();
  const files = Object.fromEntries(
    Array.from({ length: fileCount }, (_, index) => [`src/file-${index}.txt`, `line ${index}\n`]),
  );
  const { mainPath } = await createRepoWithOrigin({ root, files });
  const worktreePaths: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const path = join(root, `wt-${index}`);
    await addWorktree({ mainPath, path, branch: `wt-${index}` });
    if (index % dirtyEvery === 0) {
      await writeFiles({ dir: path, files: { "src/file-0.txt": "changed\n", "notes.txt": "untracked\n" } });
    }
    worktreePaths.push(path);
  }
  return { root, mainPath, worktreePaths };
}

async function expectMergeConflict(cwd: string): Promise<void> {
  const merged = await runFixtureGit({ cwd, args: ["merge", "-q", "--no-edit", "conflict-theirs"] }).then(
    () => true,
    () => false,
  );
  if (merged) throw new Error(`Expected a merge conflict in ${cwd}, but the merge succeeded`);
}
