import { AppError } from "@/lib/errors/app-error.ts";

/**
 * What to tell the user when `gh pr create` failed, from gh's stderr: a pull request of the branch
 * already exists (its address, to open it there), GitHub sees nothing to propose (commit and push
 * first), GitHub lacks the head or the base branch (push it, or choose another base); else gh's own
 * words. Pure.
 */
export function explainPrCreateFailure(input: { stderr: string; base: string; head: string }): AppError {
  const { stderr, base, head } = input;
  if (/already exists/i.test(stderr)) {
    const url = /https?:\/\/\S+\/pull\/\d+/.exec(stderr)?.[0] ?? null;
    return new AppError(
      "conflict",
      `A pull request of ${head} into ${base} already exists${url ? `: ${url}` : ""}. Open it there to review or update it (pushing ${head} adds your new commits to it); there is no need to open another.`,
      { details: { reason: "pull_request_exists", ...(url ? { url } : {}) } },
    );
  }
  // Checked before "No commits between", which GitHub says as well when the head is not there at all.
  if (/head (sha can't be blank|ref must be a branch)/i.test(stderr))
    return new AppError(
      "precondition_failed",
      `GitHub does not have ${head} (yet): push it (Push on the worktree), then open the pull request. gh said: ${stderr}`,
      { details: { reason: "head_missing" } },
    );
  if (/base (sha can't be blank|ref must be a branch)/i.test(stderr))
    return new AppError(
      "precondition_failed",
      `GitHub has no branch ${base} to propose into: push it, or open the pull request into another base. gh said: ${stderr}`,
      { details: { reason: "base_missing" } },
    );
  if (/no commits between/i.test(stderr))
    return new AppError(
      "conflict",
      `There is nothing to propose: on GitHub, ${head} has no commits that ${base} does not have. Commit your changes in the worktree and push them (Push), then open the pull request.`,
      { details: { reason: "no_commits" } },
    );
  return new AppError(
    "unavailable",
    `gh pr create failed: ${stderr} — fix what gh reports (\`gh auth status\` checks its login), then try again.`,
    { details: { reason: "other" } },
  );
}
