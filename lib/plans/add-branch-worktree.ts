import { lstatSync } from "node:fs";
import path from "node:path";
import { explainInvalidBranchName } from "@/lib/design/branch-name.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { gitComplaint, runGit, runGitCommand } from "@/lib/git/run/run-git.ts";

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
  /** Remote-tracking branches (`origin/main`): a new branch must not pose as one, nor silently fork one. */
  remoteBranches?: readonly string[];
  allowRepositoryCode: boolean;
  hints?: { branchExists?: string; baseMissing?: string };
  /**
   * The full ref to start from when it is not the local branch `base` (a runner starts from the
   * base it fetched from the shared remote, `refs/remotes/origin/<base>`); `base` names it for the user.
   */
  baseRef?: string;
}): Promise<void> {
  const { branch, base, worktreePath } = input;
  const problem = explainInvalidBranchName(branch);
  if (problem) throw new AppError("invalid_input", `"${branch}" cannot be a branch name: ${problem}.`);
  if (input.localBranches.has(branch)) {
    throw new AppError(
      "conflict",
      `Branch ${branch} already exists. ${input.hints?.branchExists ?? "Choose another name, or open the worktree that has it."}`,
      { details: { problem: "branch_exists", branch } },
    );
  }
  const remoteProblem = explainRemoteClash(branch, input.remoteBranches ?? []);
  if (remoteProblem) throw new AppError("conflict", remoteProblem);
  if (!base)
    throw new AppError(
      "precondition_failed",
      input.localBranches.size === 0
        ? "The repository has no branch yet. Make a first commit, then try again."
        : "Arbor cannot tell which branch is the default (no origin/HEAD, main or master, and the main worktree is not on a branch). Choose the base branch, then try again.",
    );
  const baseRef = input.baseRef ?? `refs/heads/${base}`;
  if (input.baseRef ? !(await isRef(input.repoRoot, input.baseRef)) : !input.localBranches.has(base)) {
    throw new AppError(
      "precondition_failed",
      input.hints?.baseMissing ?? `The base branch ${base} does not exist. Rescan, then choose another base branch.`,
    );
  }
  if (!path.isAbsolute(worktreePath)) throw new AppError("invalid_input", "The worktree path must be absolute.");
  // eslint-disable-next-line no-control-regex -- a newline or tab in a folder name is a paste gone wrong
  if (/[\x00-\x1f\x7f]/.test(worktreePath))
    throw new AppError(
      "invalid_input",
      "The folder name contains a control character (a newline or a tab?). Type the folder again.",
    );
  if (worktreePath.split(path.sep).some((part) => part.toLowerCase() === ".git"))
    throw new AppError(
      "invalid_input",
      `${worktreePath} is inside a .git folder, which is git's own. Choose a folder outside it.`,
    );
  if (isNameTaken(worktreePath))
    throw new AppError("conflict", `${worktreePath} already exists. Choose another path for the new worktree.`, {
      details: { problem: "path_exists", worktreePath },
    });
  const added = await runGitCommand({
    cwd: input.repoRoot,
    // The full ref: a tag or a remote-tracking branch of the same short name cannot be taken instead.
    args: ["worktree", "add", "-b", branch, "--", worktreePath, baseRef],
    allowRepositoryCode: input.allowRepositoryCode,
    timeoutMs: ADD_TIMEOUT_MS,
    isExitCodeChecked: false,
  });
  if (added.exitCode === 0 && !added.isTimedOut) return;
  const complaint = added.isTimedOut
    ? `it did not finish within ${ADD_TIMEOUT_MS / 1000} s (a checkout hook or filter that hangs?)`
    : gitComplaint(added.stderr) || `exit status ${added.exitCode}`;
  // `worktree add -b` makes the branch before the folder: a failure after that leaves the branch alone,
  // and a second try would find it taken. It is this call's own (it did not exist), unless git says it did.
  const isBranchTaken = /a branch named .* already exists/i.test(complaint);
  const kept = isBranchTaken ? null : await removeLeftBranch({ repoRoot: input.repoRoot, branch, baseRef });
  const after = kept ? ` (the branch ${branch} git made first was kept: ${kept})` : "";
  if (isBranchTaken || /cannot lock ref/i.test(complaint))
    throw new AppError(
      "conflict",
      `git could not make the branch ${branch}: ${complaint}. Choose another branch name (a branch cannot share its name with a folder of branches, such as ${branch}/…).`,
      { details: { gitMessage: complaint } },
    );
  throw new AppError(
    "git_failed",
    `git could not add the worktree at ${worktreePath}: ${complaint}${after}. Fix what git reports (is the folder's parent writable, and the name not too long?), or choose another folder, then try again.`,
    { details: { gitMessage: complaint } },
  );
}

const ADD_TIMEOUT_MS = 300_000;

/** Whether a full ref name names a commit in the repository. */
async function isRef(repoRoot: string, ref: string): Promise<boolean> {
  const result = await runGitCommand({
    cwd: repoRoot,
    args: ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`],
    isExitCodeChecked: false,
  });
  return result.exitCode === 0;
}

/** Whether something already has the path's name: lstat, so a symlink whose target is gone counts. */
function isNameTaken(target: string): boolean {
  try {
    lstatSync(target);
    return true;
  } catch (error) {
    // Not there, or a parent is a file (git then says why it cannot make the folder).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return false;
    throw error;
  }
}

/**
 * Why a new branch name clashes with a remote's branches, or null. `origin/x` would be read as
 * origin's branch x by git's commands (which then warn that the name is ambiguous); and a name a
 * remote already has would start unrelated work under the same name. Pure.
 */
export function explainRemoteClash(branch: string, remoteBranches: readonly string[]): string | null {
  const remotes = new Set(remoteBranches.map((name) => name.split("/")[0]!));
  const prefix = branch.split("/")[0]!;
  if (branch.includes("/") && remotes.has(prefix))
    return `"${branch}" starts with ${prefix}/, the name of a remote, so git would confuse it with ${prefix}'s branches. Drop the "${prefix}/" part, or choose another name.`;
  const onRemote = remoteBranches.filter((name) => name.slice(name.indexOf("/") + 1) === branch);
  if (onRemote.length === 0) return null;
  return `${onRemote.join(" and ")} already ${onRemote.length === 1 ? "exists" : "exist"}, and a new branch ${branch} would be unrelated to it. To work on it, run \`git worktree add <folder> ${branch}\` (git makes a local branch that tracks it) and rescan; to start new work, choose another name.`;
}

/**
 * Deletes the branch a failed `worktree add -b` left behind, when no worktree has it checked out
 * and it still points at the base it was made from (nobody worked on it). Returns why it was kept, or null.
 */
async function removeLeftBranch(input: { repoRoot: string; branch: string; baseRef: string }): Promise<string | null> {
  const ref = `refs/heads/${input.branch}`;
  const [heads, listed] = await Promise.all([
    runGitCommand({
      cwd: input.repoRoot,
      // Full ref names: neither can read as an option (rev-parse would echo --end-of-options).
      args: ["rev-parse", ref, input.baseRef],
      isExitCodeChecked: false,
    }),
    runGit({ cwd: input.repoRoot, args: ["worktree", "list", "--porcelain"] }),
  ]);
  if (heads.exitCode !== 0) return null;
  const [branchHead, baseHead] = heads.stdout.toString("utf8").trim().split("\n");
  if (listed.split("\n").includes(`branch ${ref}`)) return "a worktree has it checked out";
  if (branchHead !== baseHead) return "it moved since it was made";
  const deleted = await runGitCommand({
    cwd: input.repoRoot,
    args: ["branch", "-D", "--end-of-options", input.branch],
    isExitCodeChecked: false,
  });
  return deleted.exitCode === 0 ? null : gitComplaint(deleted.stderr);
}
