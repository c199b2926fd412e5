import { existsSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { explainInvalidBranchName } from "@/lib/design/branch-name.ts";
import { expectedBranchName } from "@/lib/design/naming-rule.ts";
import { readBranchFacts } from "@/lib/design/read-branch-facts.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { runGit } from "@/lib/git/run-git.ts";
import { invalidateWorktreeIndex } from "@/lib/pins/worktree-index.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { getPlanOrThrow } from "./plans-store.ts";
import { readProjectRules } from "./project-rules.ts";
import { assertRepoIsLocal } from "@/lib/team/ownership.ts";

/**
 * "Create branch and worktree" for a planned node: `git worktree add -b <branch> -- <path>
 * <parent branch>`, where the branch follows the naming rule and starts from the design
 * parent's branch (the default branch for a root). Refuses when the branch or the path exists.
 * The checkout runs the repository's hooks (post-checkout) and filter drivers only when the user
 * trusts the repository; otherwise they are switched off (see lib/git/git-safety.ts).
 */
export async function createNodeBranch(
  db: Db,
  input: { planId: string; slug: string; worktreePath?: string },
): Promise<{ branch: string; worktreePath: string; parentBranch: string }> {
  const plan = await getPlanOrThrow(db, input.planId);
  await assertRepoIsLocal(db, plan.repoId);
  const node = plan.tree?.nodes.find((candidate) => candidate.slug === input.slug);
  if (!node) throw new AppError("not_found", `The plan has no node "${input.slug}".`);
  const rules = await readProjectRules(db, plan.repoId);
  const scan = await scanPinnedRepo(db, { repoId: plan.repoId });
  const facts = await readBranchFacts({ repoPath: scan.repoRoot, scan });
  const branch = expectedBranchName({ rule: rules.branchNamingRule, slug: node.slug });
  const problem = explainInvalidBranchName(branch);
  if (problem) throw new AppError("invalid_input", `"${branch}" cannot be a branch name: ${problem}.`);
  if (facts.branches.some((candidate) => candidate.name === branch)) {
    throw new AppError("conflict", `Branch ${branch} already exists. Rescan: the node is already linked to it.`);
  }
  const parentSlug = plan.tree?.edges.find((edge) => edge.child === node.slug)?.parent ?? null;
  const parentBranch = parentSlug
    ? expectedBranchName({ rule: rules.branchNamingRule, slug: parentSlug })
    : facts.defaultBranch;
  if (!parentBranch)
    throw new AppError("precondition_failed", "The repository has no branch yet. Make a first commit, then try again.");
  if (!facts.branches.some((candidate) => candidate.name === parentBranch)) {
    throw new AppError(
      "precondition_failed",
      `The design parent's branch ${parentBranch} does not exist yet. Create it first.`,
    );
  }
  const worktreePath =
    input.worktreePath ?? path.join(path.dirname(scan.repoRoot), `${path.basename(scan.repoRoot)}-${node.slug}`);
  if (!path.isAbsolute(worktreePath)) throw new AppError("invalid_input", "The worktree path must be absolute.");
  if (existsSync(worktreePath))
    throw new AppError("conflict", `${worktreePath} already exists. Choose another path for the new worktree.`);
  await runGit({
    cwd: scan.repoRoot,
    args: ["worktree", "add", "-b", branch, "--", worktreePath, parentBranch],
    allowRepositoryCode: await isRepositoryTrusted(db, plan.repoId),
  });
  invalidateWorktreeIndex();
  return { branch, worktreePath, parentBranch };
}
