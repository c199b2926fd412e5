import { explainUpstreamMismatch, type UpstreamMismatch } from "./push-target.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/**
 * Why no pull request can be opened from this worktree into `base`, saying what to do, or null
 * when one can: the branch (or the remote branch it is pushed to, `head`) is the base itself, so
 * there is nothing to propose (GitHub's page would compare `main...main`); or the base names no
 * branch of the repository, here or on the remote (the draft would be silently empty). Pure.
 */
export function findPullRequestBlocker(input: {
  branch: string;
  head: string;
  base: string;
  isBaseKnown: boolean;
  /** The branch tracks another name on its push remote: Push refuses until the user chooses (push-target.ts). */
  mismatch?: UpstreamMismatch | null;
}): AppError | null {
  const { branch, head, base } = input;
  // Push would refuse too: say why here, instead of "push first" sending the user to that refusal.
  if (input.mismatch) return explainUpstreamMismatch(input.mismatch);
  if (branch === base || head === base)
    return new AppError(
      "conflict",
      `This worktree's branch ${branch === base ? branch : `${branch} (pushed to ${head})`} is the base ${base} itself: a pull request proposes a branch's commits to another branch. Make a branch for the change (New worktree…, or \`git switch -c <name>\` in this worktree), commit there, then open the pull request from it.`,
      { details: { reason: "branch_is_base" } },
    );
  if (!input.isBaseKnown)
    return new AppError(
      "precondition_failed",
      `The base branch ${base} does not exist in this repository, neither as a local branch nor on the remote as last fetched. Choose an existing branch as the base, or fetch it first (\`git fetch\`).`,
      { details: { reason: "base_missing" } },
    );
  return null;
}
