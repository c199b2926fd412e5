import { HEAD_COMMIT_FORMAT, parseHeadCommits } from "@/lib/git/parse/parse-head-commits.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import type { HeadCommit } from "@/lib/git/types.ts";

const REVISION = /^(HEAD|[0-9a-f]{4,64})$/;

/**
 * Reads subject, short sha and date for many commits with ONE `git log --no-walk` process, so a
 * scan of 50 worktrees costs one extra process rather than 50. Revisions come from git's own
 * output and are still checked to be object ids (or HEAD) before they reach the command line;
 * unknown ids are skipped (`--ignore-missing`) instead of failing the whole batch. The trailing
 * `--` keeps a file named like a revision (a file called HEAD) from making the command ambiguous.
 */
export async function readHeadCommits({ cwd, revisions }: { cwd: string; revisions: string[] }): Promise<HeadCommit[]> {
  const unique = [...new Set(revisions)].filter((revision) => REVISION.test(revision));
  if (unique.length === 0) return [];
  const output = await runGit({
    cwd,
    args: ["log", "-z", "--no-walk=unsorted", "--ignore-missing", HEAD_COMMIT_FORMAT, ...unique, "--"],
  });
  return parseHeadCommits(output);
}
