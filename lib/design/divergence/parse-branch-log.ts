import type { BranchHead, CommitRecord } from "./branch-graph.ts";

/**
 * `git log` arguments that print every commit reachable from a local branch, once, as
 * `<sha> TAB <parents> TAB <local branch refs at this commit>`. Reading heads from the same
 * process as the graph keeps the two consistent while branches move. `--no-show-signature`
 * overrides a user's `log.showSignature`, which would interleave gpg output.
 */
export const BRANCH_LOG_ARGS = [
  "log",
  "--branches",
  "--no-show-signature",
  "--no-color",
  "--decorate-refs=refs/heads/",
  "--decorate=full",
  "--format=%H%x09%P%x09%D",
];

const BRANCH_PREFIX = "refs/heads/";
const HEAD_ARROW = "HEAD -> ";

/**
 * Parses the output of `git log BRANCH_LOG_ARGS`. Ref names cannot hold tabs, spaces or
 * newlines, so those separators are unambiguous; decorations other than local branches are
 * ignored. Heads come out in the order git printed them.
 */
export function parseBranchLog(output: string): { commits: CommitRecord[]; heads: BranchHead[] } {
  const commits: CommitRecord[] = [];
  const heads: BranchHead[] = [];
  for (const line of output.split("\n")) {
    if (line === "") continue;
    const [sha = "", parents = "", decorations = ""] = line.split("\t");
    if (sha === "") continue;
    commits.push({ sha, parents: parents === "" ? [] : parents.split(" ") });
    for (const decoration of decorations === "" ? [] : decorations.split(", ")) {
      const ref = decoration.startsWith(HEAD_ARROW) ? decoration.slice(HEAD_ARROW.length) : decoration;
      if (ref.startsWith(BRANCH_PREFIX)) heads.push({ name: ref.slice(BRANCH_PREFIX.length), headSha: sha });
    }
  }
  return { commits, heads };
}
