import { explainInvalidBranchName } from "@/lib/design/branch-name.ts";

/** A GitHub repository named by a remote URL. */
export interface GithubRepository {
  owner: string;
  name: string;
}

/**
 * The GitHub repository a remote URL points at, or null when it is not on github.com. Reads the
 * forms git accepts: `https://github.com/o/r(.git)`, with a user (`https://u@github.com/…`),
 * `git@github.com:o/r.git` (scp-like) and `ssh://git@github.com/o/r.git`. An owner or name made of
 * dots only (`https://github.com/../r.git`) is no GitHub repository: in a URL it would climb out of
 * the path. Pure.
 */
export function parseGithubRemote(url: string): GithubRepository | null {
  const trimmed = url.trim();
  const scpLike = /^[^@/\s]+@github\.com:([^/\s]+)\/([^/\s]+?)(?:\.git)?\/?$/i.exec(trimmed);
  const urlLike =
    /^(?:https?|ssh|git):\/\/(?:[^@/\s]+@)?github\.com(?::\d+)?\/([^/\s]+)\/([^/\s]+?)(?:\.git)?\/?$/i.exec(trimmed);
  const match = scpLike ?? urlLike;
  if (!match?.[1] || !match[2]) return null;
  const [owner, name] = [match[1], match[2]];
  const isName = (part: string) => /^[A-Za-z0-9_.-]+$/.test(part) && !/^\.+$/.test(part);
  if (!isName(owner) || !isName(name)) return null;
  return { owner, name };
}

/**
 * github.com's page that offers to open a pull request of `branch` into `base`, or null when either
 * is not a valid branch name (a `..` part would lead the browser into another repository's pages).
 * Each path segment is URL-encoded; a branch's own slashes are kept, as GitHub expects them.
 */
export function githubCompareUrl(input: { repository: GithubRepository; base: string; branch: string }): string | null {
  if (explainInvalidBranchName(input.base) !== null || explainInvalidBranchName(input.branch) !== null) return null;
  const ref = (name: string) => name.split("/").map(encodeURIComponent).join("/");
  const { owner, name } = input.repository;
  return `https://github.com/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/compare/${ref(input.base)}...${ref(input.branch)}?expand=1`;
}
