import { existsSync } from "node:fs";
import path from "node:path";
import { explainInvalidBranchName } from "@/lib/design/branch-name.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { runGit } from "@/lib/git/run-git.ts";
import { invalidateWorktreeIndex } from "@/lib/pins/worktree-index.ts";

/**
 * `git worktree add -b <branch> -- <worktreePath> <base>`, after the checks every caller needs, in
 * the order a user fixes them: the branch name is valid in git and not taken, the base branch
 * exists, the folder is absolute and free. The checkout runs the repository's hooks
 * (post-checkout) and filter drivers only when `allowRepositoryCode` (the user trusts the
 * repository); otherwise git-safety switches them off. Shared by the design node's "Create branch
 * and worktree" and the worktree list's "New worktree…"; the hints add what the caller's user can
 * do about a taken branch or a missing base.
 */
export async function addBranchWorktree(input: {
  repoRoot: string;
  branch: string;
  base: string | null;
  worktreePath: string;
  localBranches: ReadonlySet<string>;
  allowRepositoryCode: boolean;
  hints?: { branchExists?: string; baseMissing?: string };
}): Promise<void> {
  const { branch, base, worktreePath } = input;
  const problem = explainInvalidBranchName(branch);
  if (problem) throw new AppError("invalid_input", `"${branch}" cannot be a branch name: ${problem}.`);
  if (input.localBranches.has(branch)) {
    throw new AppError(
      "conflict",
      `Branch ${branch} already exists. ${input.hints?.branchExists ?? "Choose another name, or open the worktree that has it."}`,
    );
  }
  if (!base)
    throw new AppError("precondition_failed", "The repository has no branch yet. Make a first commit, then try again.");
  if (!input.localBranches.has(base)) {
    throw new AppError(
      "precondition_failed",
      input.hints?.baseMissing ?? `The base branch ${base} does not exist. Rescan, then choose another base branch.`,
    );
  }
  if (!path.isAbsolute(worktreePath)) throw new AppError("invalid_input", "The worktree path must be absolute.");
  if (existsSync(worktreePath))
    throw new AppError("conflict", `${worktreePath} already exists. Choose another path for the new worktree.`);
  await runGit({
    cwd: input.repoRoot,
    args: ["worktree", "add", "-b", branch, "--", worktreePath, base],
    allowRepositoryCode: input.allowRepositoryCode,
  });
  invalidateWorktreeIndex();
}
