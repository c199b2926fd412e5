/** A GitHub repository named by a remote URL. */
export interface GithubRepository {
  owner: string;
  name: string;
}

/**
 * The GitHub repository a remote URL points at, or null when it is not on github.com. Reads the
 * forms git accepts: `https://github.com/o/r(.git)`, with a user (`https://u@github.com/…`),
 * `git@github.com:o/r.git` (scp-like) and `ssh://git@github.com/o/r.git`. Pure.
 */
export function parseGithubRemote(url: string): GithubRepository | null {
  const trimmed = url.trim();
  const scpLike = /^[^@/\s]+@github\.com:([^/\s]+)\/([^/\s]+?)(?:\.git)?\/?$/i.exec(trimmed);
  const urlLike =
    /^(?:https?|ssh|git):\/\/(?:[^@/\s]+@)?github\.com(?::\d+)?\/([^/\s]+)\/([^/\s]+?)(?:\.git)?\/?$/i.exec(trimmed);
  const match = scpLike ?? urlLike;
  if (!match?.[1] || !match[2]) return null;
  const [owner, name] = [match[1], match[2]];
  if (!/^[A-Za-z0-9_.-]+$/.test(owner) || !/^[A-Za-z0-9_.-]+$/.test(name)) return null;
  return { owner, name };
}

/** github.com's page that offers to open a pull request of `branch` into `base`. */
export function githubCompareUrl(input: { repository: GithubRepository; base: string; branch: string }): string {
  const ref = (name: string) => name.split("/").map(encodeURIComponent).join("/");
  return `https://github.com/${input.repository.owner}/${input.repository.name}/compare/${ref(input.base)}...${ref(input.branch)}?expand=1`;
}
