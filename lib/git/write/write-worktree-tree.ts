import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyIndexFile } from "./copy-index.ts";
import { leaseCheckpointIndex, type CheckpointIndexLease } from "./checkpoint-index.ts";
import { stampFiles } from "@/lib/git/file-stamp.ts";
import { readCommonDir, readHeadFromFiles } from "@/lib/git/read/read-head-from-files.ts";
import { runGitCommand } from "@/lib/git/run/run-git.ts";

export interface WorktreeTree {
  /** A tree object with every file of the worktree as it is now, untracked ones included, ignored ones not. */
  tree: string;
  /** HEAD when it was written; null on an unborn branch. */
  head: string | null;
  /** Files git could not read (the tree has the others); empty when all went in. */
  warning: string | null;
}

/** Tracked files that match an ignore rule: the one thing an index changes in what `add -A` takes. */
const IGNORED_TRACKED_ARGS = ["ls-files", "-z", "--cached", "--ignored", "--exclude-standard"];

/**
 * Writes the worktree's current files into a tree object (immutable, so it names "the state
 * before/after a run" forever) via an index of Arbor's own: `git add -A` (.gitignore respected),
 * `write-tree`. The user's index, stash, HEAD and branches are never written; HEAD is read too.
 * The kept index (checkpoint-index.ts) re-reads only changed files; it is reused only while it
 * tracks the same ignored files as the user's index and that index is unchanged (else restarted
 * from it), since only those would change the tree. If another checkpoint holds it, a one-off copy is used.
 */
export async function writeWorktreeTree(input: { worktreePath: string }): Promise<WorktreeTree> {
  const cwd = input.worktreePath;
  const gitDir = await findGitDir(cwd);
  const lease = gitDir ? await leaseCheckpointIndex(gitDir) : null;
  if (!lease) return writeWithOneOffIndex({ cwd, gitDir });
  try {
    return await writeWithKeptIndex({ cwd, gitDir: gitDir!, lease });
  } finally {
    await lease.release();
  }
}

async function writeWithKeptIndex({
  cwd,
  gitDir,
  lease,
}: {
  cwd: string;
  gitDir: string;
  lease: CheckpointIndexLease;
}): Promise<WorktreeTree> {
  const { isCopied, hasRemovals, verified } = await lease.prepare();
  // Stamped before git reads them: a rule changed while `git add` runs shows as a change next time.
  const rules = stampIgnoreRules(gitDir);
  const [head, written] = await Promise.all([
    readHead({ cwd, gitDir }),
    addAndWriteTree({ cwd, index: lease.index }).catch((error: unknown) => {
      if (isCopied) throw error;
      return null; // A kept index git cannot use (damaged, or naming objects since pruned): copied again below.
    }),
  ]);
  const hasRemovedAny = hasRemovals || written?.hasRemovals === true;
  // What makes the check's answer the same as last time: the same entries (the tree), the same
  // rules outside the tree, no entry taken out since the copy (the worktree's index is unchanged,
  // or this lease would have copied it again).
  const fact = written && !hasRemovedAny ? `${written.tree}\n${rules}` : null;
  const isSame =
    written !== null &&
    (isCopied || (fact !== null && fact === verified) || (await tracksSameIgnoredFiles({ cwd, lease, hasRemovedAny })));
  if (written && isSame) {
    if (written.hasRemovals && !hasRemovals) await lease.noteRemovals();
    if (fact !== null && fact !== verified) await lease.noteVerified(fact);
    return { head, tree: written.tree, warning: written.warning };
  }
  await lease.reseed();
  const again = await addAndWriteTree({ cwd, index: lease.index });
  if (again.hasRemovals) await lease.noteRemovals();
  return { head, tree: again.tree, warning: again.warning };
}

async function writeWithOneOffIndex({ cwd, gitDir }: { cwd: string; gitDir: string | null }): Promise<WorktreeTree> {
  const folder = await mkdtemp(path.join(tmpdir(), "arbor-index-"));
  const index = path.join(folder, "index");
  try {
    const [head] = await Promise.all([readHead({ cwd, gitDir }), gitDir ? seedIndex({ gitDir, target: index }) : null]);
    return { head, ...(await addAndWriteTree({ cwd, index })) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function addAndWriteTree(input: {
  cwd: string;
  index: string;
}): Promise<{ tree: string; warning: string | null; hasRemovals: boolean }> {
  const env = { GIT_INDEX_FILE: input.index };
  const added = await runGitCommand({
    cwd: input.cwd,
    args: ["add", "-A", "--ignore-errors", "--verbose"],
    env,
    okExitCodes: [1],
  });
  const written = await runGitCommand({ cwd: input.cwd, args: ["write-tree"], env });
  return {
    tree: written.stdout.toString("utf8").trim(),
    warning: added.exitCode === 0 ? null : firstLine(added.stderr),
    // `--verbose` says "remove '<path>'" for each entry taken out (its file is gone).
    hasRemovals: /^remove '/m.test(added.stdout.toString("latin1")),
  };
}

/**
 * True when the kept index tracks the same ignored files as the worktree's own index (the only
 * files whose place in the tree depends on the index rather than the disk). The kept index was
 * copied from it and only took in files that were not ignored, so when it tracks no ignored file
 * and lost no entry since, the worktree's index cannot track one either that is on disk. The
 * answer depends on the kept index's entries and the ignore rules only, so the caller keeps it
 * (noteVerified) and asks again when either changed: a git process saved per unchanged worktree.
 */
async function tracksSameIgnoredFiles(input: {
  cwd: string;
  lease: CheckpointIndexLease;
  hasRemovedAny: boolean;
}): Promise<boolean> {
  const listIgnored = (index: string) =>
    runGitCommand({
      cwd: input.cwd,
      args: IGNORED_TRACKED_ARGS,
      env: { GIT_INDEX_FILE: index },
      isExitCodeChecked: false,
    });
  const kept = await listIgnored(input.lease.index);
  if (kept.exitCode !== 0) return false;
  if (kept.stdout.length === 0 && !input.hasRemovedAny) return true;
  const real = await listIgnored(input.lease.realIndex);
  return real.exitCode === 0 && kept.stdout.equals(real.stdout);
}

/**
 * Stamps of the ignore rules that live outside the worktree's files: the repository's
 * `info/exclude` and config (core.excludesFile), the worktree's config, the user's and the
 * system's git config and global ignore file. Rules inside the tree (.gitignore files) change
 * the tree itself. Not covered: a core.excludesFile elsewhere edited in place, a .gitignore that
 * ignores itself.
 */
function stampIgnoreRules(gitDir: string): string {
  const commonDir = readCommonDir(gitDir);
  const home = process.env.HOME ?? "";
  const xdg = process.env.XDG_CONFIG_HOME || path.join(home, ".config");
  const files = [
    path.join(commonDir, "info", "exclude"),
    path.join(commonDir, "config"),
    path.join(gitDir, "config.worktree"),
    path.join(home, ".gitconfig"),
    path.join(xdg, "git", "config"),
    path.join(xdg, "git", "ignore"),
    "/etc/gitconfig",
  ];
  return stampFiles(files);
}

/** HEAD's commit: from the git dir's files when they say it plainly (no process), else from git. */
async function readHead({ cwd, gitDir }: { cwd: string; gitDir: string | null }): Promise<string | null> {
  const fromFiles = gitDir ? readHeadFromFiles(gitDir) : undefined;
  if (fromFiles !== undefined) return fromFiles;
  const result = await runGitCommand({
    cwd,
    args: ["rev-parse", "--verify", "-q", "HEAD^{commit}"],
    isExitCodeChecked: false,
  });
  return result.exitCode === 0 ? result.stdout.toString("utf8").trim() : null;
}

/**
 * Copies the worktree's index (its file stats let `add -A` skip unchanged files). A worktree
 * without one (no commit yet) starts from an empty index, which only costs more hashing.
 */
async function seedIndex(input: { gitDir: string; target: string }): Promise<void> {
  try {
    await copyIndexFile(path.join(input.gitDir, "index"), input.target);
  } catch {
    // No index yet: the temporary one starts empty.
  }
}

/** `.git` is the git dir in a main worktree and a `gitdir: <path>` file in a linked one. */
async function findGitDir(worktreePath: string): Promise<string | null> {
  const dotGit = path.join(worktreePath, ".git");
  try {
    if ((await stat(dotGit)).isDirectory()) return dotGit;
    const match = /^gitdir: (.+)$/m.exec(await readFile(dotGit, "utf8"));
    return match ? path.resolve(worktreePath, match[1]!.trim()) : null;
  } catch {
    return null;
  }
}

function firstLine(text: string): string {
  return text.split("\n").find((line) => line.trim() !== "") ?? text.trim();
}
