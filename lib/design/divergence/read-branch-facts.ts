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
 * Reads every local branch's facts for `repoPath`'s repository in two or three parallel git
 * processes, whatever the branch count: `git log --branches` (graph, worked by buildBranchFacts),
 * `for-each-ref` (upstream counts, origin/HEAD), and `worktree list` unless a `scan` is passed (which
 * also gives `isDirty`). `defaultBranch` is the trunk if it exists locally, else origin/HEAD's, `main`,
 * `master`, the main worktree's. Throws invalid_input outside a repository.
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
