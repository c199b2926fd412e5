import path from "node:path";
import { expectedBranchName } from "@/lib/design/naming-rule.ts";
import { readBranchFacts } from "@/lib/design/divergence/read-branch-facts.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { readBranchNames } from "@/lib/git/read/read-branch-names.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { addAndSetUpWorktree, type CreateContext } from "./create-worktree.ts";
import type { SetupReport } from "@/lib/worktrees/worktree-types.ts";
import { getPlanOrThrow } from "@/lib/plans/plans-store.ts";
import { readProjectRules } from "@/lib/plans/project-rules.ts";

/**
 * A runner's own clone of the plan's repository, where a node's worktree is made instead of in the
 * plan's: from `baseRef`, the plan's base as the runner fetched it from the shared remote.
 */
export interface NodeClone {
  repoId: string;
  /** The base branch's name, as the plan's owner calls it. */
  base: string;
  baseRef: string;
}

/**
 * "Create branch and worktree" for a planned node: `git worktree add -b <branch> -- <path>
 * <parent branch>`, where the branch follows the naming rule and starts from the design
 * parent's branch (the default branch for a root), or with `from: "base"` from the default branch
 * (a plan run's child, whose parent has landed there). Refuses when the branch or the path exists.
 * The checks and the checkout are addBranchWorktree's (shared with "New worktree…"): hooks and
 * filter drivers run only when the user trusts the repository. Then the repository's setup runs,
 * as for "New worktree…" (`setupId`: its command's output streamed, and Stop setup).
 */
export async function createNodeBranch(
  ctx: CreateContext,
  input: {
    planId: string;
    slug: string;
    worktreePath?: string;
    setupId?: string;
    from?: "parent_branch" | "base";
    clone?: NodeClone;
  },
): Promise<{ branch: string; worktreePath: string; parentBranch: string; setup: SetupReport }> {
  const { db } = ctx;
  const plan = await getPlanOrThrow(db, input.planId);
  const node = plan.tree?.nodes.find((candidate) => candidate.slug === input.slug);
  if (!node) throw new AppError("not_found", `The plan has no node "${input.slug}".`);
  const rules = await readProjectRules(db, plan.repoId);
  const repoId = input.clone?.repoId ?? plan.repoId;
  const scan = await scanPinnedRepo(db, { repoId });
  const facts = await readBranchFacts({ repoPath: scan.repoRoot, scan });
  const branch = expectedBranchName({ rule: rules.branchNamingRule, slug: node.slug });
  const parentSlug = plan.tree?.edges.find((edge) => edge.child === node.slug)?.parent ?? null;
  const parentBranch = input.clone
    ? input.clone.base
    : parentSlug && input.from !== "base"
      ? expectedBranchName({ rule: rules.branchNamingRule, slug: parentSlug })
      : facts.defaultBranch;
  const worktreePath =
    input.worktreePath ?? path.join(path.dirname(scan.repoRoot), `${path.basename(scan.repoRoot)}-${node.slug}`);
  // The checks, the hold and the repository's setup are "New worktree…"'s (addAndSetUpWorktree).
  const created = await addAndSetUpWorktree(ctx, {
    repoId,
    scan,
    branch,
    base: parentBranch,
    worktreePath,
    localBranches: new Set(facts.branches.map((candidate) => candidate.name)),
    remoteBranches: (await readBranchNames(scan.repoRoot)).remote,
    isTrusted: await isRepositoryTrusted(db, repoId),
    hints: {
      branchExists: "Rescan: the node is already linked to it.",
      baseMissing:
        input.from === "base"
          ? `The base branch ${parentBranch} does not exist. Check out the repository's default branch again.`
          : `The design parent's branch ${parentBranch} does not exist yet. Create it first.`,
    },
    ...(input.setupId ? { setupId: input.setupId } : {}),
    ...(input.clone ? { baseRef: input.clone.baseRef } : {}),
  });
  return { branch, worktreePath: created.worktreePath, parentBranch: parentBranch!, setup: created.setup };
}
