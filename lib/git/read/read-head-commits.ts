import { HEAD_COMMIT_FORMAT, parseHeadCommits } from "@/lib/git/parse/parse-head-commits.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import type { HeadCommit } from "@/lib/git/types.ts";

const REVISION = /^(HEAD|[0-9a-f]{4,64})$/;
const OBJECT_ID = /^([0-9a-f]{40}|[0-9a-f]{64})$/;

/** How many commits' subject and date are kept (a few per worktree a user has). */
export const COMMIT_CACHE_SIZE = 2000;

/**
 * Commits read before, by full object id. A commit never changes, so what git said of it stays
 * true: a scan before each send asks git only for a HEAD it has not seen. Process-wide because it
 * holds nothing but facts of content-addressed objects (the same id is the same commit in any
 * repository); one thing may age: the short sha keeps the length git chose when it was read.
 */
const knownCommits = new Map<string, HeadCommit>();

/**
 * Reads subject, short sha and date for many commits with ONE `git log --no-walk` process, so a
 * scan of 50 worktrees costs one extra process rather than 50, and none when every commit is known
 * (full object ids only; `HEAD` is always asked). Revisions come from git's own output and are still
 * checked to be object ids (or HEAD) before they reach the command line; unknown ids are skipped
 * (`--ignore-missing`) instead of failing the whole batch. The trailing `--` keeps a file named like
 * a revision (a file called HEAD) from making the command ambiguous. Known commits come first.
 */
export async function readHeadCommits({ cwd, revisions }: { cwd: string; revisions: string[] }): Promise<HeadCommit[]> {
  const unique = [...new Set(revisions)].filter((revision) => REVISION.test(revision));
  const unknown = unique.filter((revision) => !knownCommits.has(revision));
  const read =
    unknown.length === 0
      ? []
      : parseHeadCommits(
          await runGit({
            cwd,
            args: ["log", "-z", "--no-walk=unsorted", "--ignore-missing", HEAD_COMMIT_FORMAT, ...unknown, "--"],
          }),
        );
  for (const commit of read) remember(commit);
  const known = unique.flatMap((revision) => (unknown.includes(revision) ? [] : [knownCommits.get(revision)!]));
  for (const commit of known) remember(commit);
  return [...known, ...read];
}

function remember(commit: HeadCommit): void {
  if (!OBJECT_ID.test(commit.sha)) return;
  knownCommits.delete(commit.sha);
  if (knownCommits.size >= COMMIT_CACHE_SIZE) knownCommits.delete(knownCommits.keys().next().value!);
  knownCommits.set(commit.sha, commit);
}
