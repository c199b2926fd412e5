import type { HeadCommit } from "@/lib/git/types.ts";

/** The `git log` format `parseHeadCommits` expects; use it together with `-z`. */
export const HEAD_COMMIT_FORMAT = "--format=%H%x00%h%x00%cI%x00%s";

const FIELDS_PER_COMMIT = 4;

/**
 * Parses `git log -z --no-walk=unsorted --format=%H%x00%h%x00%cI%x00%s <oids...>`: four
 * NUL-terminated fields per commit. Subjects are single lines by construction (`%s` joins the
 * subject paragraph), so NUL is the only separator that matters.
 */
export function parseHeadCommits(output: string): HeadCommit[] {
  const fields = output.split("\0");
  const commits: HeadCommit[] = [];
  for (let start = 0; start + FIELDS_PER_COMMIT <= fields.length; start += FIELDS_PER_COMMIT) {
    const [sha, shortSha, committedAt, subject] = fields.slice(start, start + FIELDS_PER_COMMIT);
    if (!sha) continue;
    commits.push({ sha, shortSha: shortSha ?? "", committedAt: committedAt ?? "", subject: subject ?? "" });
  }
  return commits;
}
