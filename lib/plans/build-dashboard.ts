import type { Db } from "@/lib/db/client.ts";
import { findDivergence } from "@/lib/design/divergence/find-divergence.ts";
import { layoutBranchTree } from "@/lib/design/divergence/layout-tree.ts";
import { readBranchFacts } from "@/lib/design/divergence/read-branch-facts.ts";
import type { DesignTree } from "@/lib/design/types.ts";
import { scanPinnedRepo } from "@/lib/pins/scan-pinned-repo.ts";
import type { RepoDashboard } from "./plan-types.ts";
import { listPlans } from "./plans-store.ts";
import { readProjectRules } from "./project-rules.ts";

const EMPTY_TREE: DesignTree = { nodes: [], edges: [] };

/**
 * The tree dashboard: the repository's branches and worktrees as git has them right now,
 * laid out against the chosen plan's design tree (or the most recent plan that has one),
 * with the divergence warnings.
 */
export async function buildRepoDashboard(db: Db, input: { repoId: string; planId?: string }): Promise<RepoDashboard> {
  const [scan, rules, plans] = await Promise.all([
    scanPinnedRepo(db, { repoId: input.repoId }),
    readProjectRules(db, input.repoId),
    listPlans(db, { repoId: input.repoId }),
  ]);
  const plan =
    (input.planId
      ? plans.find((candidate) => candidate.id === input.planId)
      : plans.find((candidate) => candidate.tree)) ?? null;
  const tree = plan?.tree ?? EMPTY_TREE;
  const branches = await readBranchFacts({ repoPath: scan.repoRoot, scan });
  return {
    plan,
    plans: plans.map((candidate) => ({ id: candidate.id, title: candidate.title, hasTree: candidate.tree !== null })),
    rule: rules.branchNamingRule,
    defaultBranch: branches.defaultBranch,
    layout: layoutBranchTree({ tree, branches, rule: rules.branchNamingRule }),
    warnings: findDivergence({ tree, branches, rule: rules.branchNamingRule }),
    scan,
  };
}
