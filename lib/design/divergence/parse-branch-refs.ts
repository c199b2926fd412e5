/**
 * `git for-each-ref` arguments that print, for each local branch and for `origin/HEAD`:
 * ref NUL upstream NUL track ("ahead 1, behind 2", "gone" or empty) NUL symref target.
 */
export const BRANCH_REFS_ARGS = [
  "for-each-ref",
  "--format=%(refname)%00%(upstream)%00%(upstream:track,nobracket)%00%(symref)",
  "refs/heads",
  "refs/remotes/origin/HEAD",
];

export interface UpstreamCounts {
  ahead: number;
  behind: number;
}

const BRANCH_PREFIX = "refs/heads/";
const ORIGIN_HEAD = "refs/remotes/origin/HEAD";
const ORIGIN_PREFIX = "refs/remotes/origin/";

/**
 * Parses `git for-each-ref BRANCH_REFS_ARGS`: ahead/behind per branch that has an existing
 * upstream (an empty track with an upstream means level with it; "gone" means no counts), and
 * the branch `origin/HEAD` points at, if any.
 */
export function parseBranchRefs(output: string): { upstreams: Map<string, UpstreamCounts>; originHead: string | null } {
  const upstreams = new Map<string, UpstreamCounts>();
  let originHead: string | null = null;
  for (const line of output.split("\n")) {
    const [ref = "", upstream = "", track = "", symref = ""] = line.split("\0");
    if (ref === ORIGIN_HEAD) {
      originHead = symref.startsWith(ORIGIN_PREFIX) ? symref.slice(ORIGIN_PREFIX.length) : null;
      continue;
    }
    if (!ref.startsWith(BRANCH_PREFIX) || upstream === "" || track === "gone") continue;
    upstreams.set(ref.slice(BRANCH_PREFIX.length), {
      ahead: Number(/ahead (\d+)/.exec(track)?.[1] ?? 0),
      behind: Number(/behind (\d+)/.exec(track)?.[1] ?? 0),
    });
  }
  return { upstreams, originHead };
}
