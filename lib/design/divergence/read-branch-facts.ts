import { explainRepositoryError } from "@/lib/git/run/explain-repository-error.ts";
import { listWorktreeEntries } from "@/lib/git/read/list-worktree-entries.ts";
import { runGit } from "@/lib/git/run/run-git.ts";
import type { RepoScan } from "@/lib/git/types.ts";
import { buildBranchFacts, type WorktreeOnBranch } from "./build-branch-facts.ts";
import { chooseDefaultBranch } from "@/lib/design/choose-default-branch.ts";
import { BRANCH_LOG_ARGS, parseBranchLog } from "./parse-branch-log.ts";
import { BRANCH_REFS_ARGS, parseBranchRefs } from "./parse-branch-refs.ts";
import type { BranchFacts } from "@/lib/design/types.ts";

/**
 * Reads what divergence and the tree dashboard need from git for every local branch of the
 * repository `repoPath` belongs to, with two or three git processes in parallel whatever the
 * number of branches: one `git log --branches` (the whole branch graph plus every head, worked on
 * in memory by buildBranchFacts), one `git for-each-ref` (upstream counts, origin/HEAD) and, when
 * no `scan` is passed, one `git worktree list`. Pass the RepoScan the caller already has to get
 * `isDirty` and save the third process. `defaultBranch` names the trunk when that local branch
 * exists (else: origin/HEAD's branch, `main`, `master`, the main worktree's branch). Throws
 * invalid_input when `repoPath` is not in a repository.
 */
export async function readBranchFacts({
  repoPath,
  scan,
  defaultBranch,
}: {
  repoPath: string;
  scan?: RepoScan;
  defaultBranch?: string;
}): Promise<BranchFacts> {
  const [logOutput, refsOutput, worktrees] = await Promise.all([
    runRepositoryGit({ repoPath, args: BRANCH_LOG_ARGS }),
    runRepositoryGit({ repoPath, args: BRANCH_REFS_ARGS }),
    scan ? listScannedWorktrees(scan) : listWorktrees(repoPath),
  ]);
  const { commits, heads } = parseBranchLog(logOutput);
  const { upstreams, originHead } = parseBranchRefs(refsOutput);
  const branchNames = new Set(heads.map((head) => head.name));
  const trunk =
    defaultBranch !== undefined && branchNames.has(defaultBranch)
      ? defaultBranch
      : chooseDefaultBranch({ branchNames, originHead, mainWorktreeBranch: worktrees[0]?.branch ?? null });
  return buildBranchFacts({ commits, heads, defaultBranch: trunk, worktrees, upstreams });
}

async function runRepositoryGit({ repoPath, args }: { repoPath: string; args: string[] }): Promise<string> {
  try {
    return await runGit({ cwd: repoPath, args });
  } catch (error) {
    throw explainRepositoryError({ error, path: repoPath });
  }
}

async function listWorktrees(repoPath: string): Promise<WorktreeOnBranch[]> {
  const entries = await listWorktreeEntries({ cwd: repoPath });
  return entries.map((entry) => ({ path: entry.path, branch: entry.branch }));
}

function listScannedWorktrees(scan: RepoScan): WorktreeOnBranch[] {
  return scan.worktrees.map((worktree) => ({
    path: worktree.path,
    branch: worktree.branch,
    ...(worktree.dirty ? { isDirty: Object.values(worktree.dirty).some((count) => count > 0) } : {}),
  }));
}
