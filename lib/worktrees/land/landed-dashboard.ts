import type { Db } from "@/lib/db/client.ts";
import { buildRepoDashboard } from "@/lib/plans/build-dashboard.ts";
import type { RepoDashboard } from "@/lib/plans/plan-types.ts";
import { findRepoOwner } from "@/lib/team/ownership.ts";
import { landedBranches } from "./landed-branches.ts";

/**
 * The tree dashboard, with the branches that landed in the default branch by squash or rebase
 * (whose commits git's history alone does not show there) counted as merged: marked merged in the
 * layout, in the worktree list, and without a "done, not merged" warning.
 */
export async function readRepoDashboard(db: Db, input: { repoId: string; planId?: string }): Promise<RepoDashboard> {
  const dashboard = await buildRepoDashboard(db, input);
  const base = dashboard.defaultBranch;
  const owner = await findRepoOwner(db, input.repoId);
  if (!base || (owner && !owner.isLocal)) return dashboard;
  const landed = await landedBranches(db, {
    repoId: input.repoId,
    repoRoot: dashboard.scan.repoRoot,
    commonDir: dashboard.scan.commonDir,
    base,
    worktrees: dashboard.scan.worktrees,
  }).catch(() => new Set<string>());
  return markLanded(dashboard, { base, landed });
}

/** Pure: the dashboard with `landed` (branches whose work is all in `base`) shown as merged into it. */
export function markLanded(dashboard: RepoDashboard, input: { base: string; landed: Set<string> }): RepoDashboard {
  if (input.landed.size === 0) return dashboard;
  const byId = new Map(dashboard.layout.map((node) => [node.id, node]));
  const isLandedUnderBase = (branch: string | null | undefined) => {
    if (!branch || !input.landed.has(branch)) return false;
    const node = dashboard.layout.find((candidate) => candidate.branch === branch);
    const parent = node?.parentId ? byId.get(node.parentId) : null;
    return parent?.branch === input.base;
  };
  return {
    ...dashboard,
    layout: dashboard.layout.map((node) => (isLandedUnderBase(node.branch) ? { ...node, isMerged: true } : node)),
    warnings: dashboard.warnings.filter(
      (warning) => !(warning.code === "done_not_merged" && isLandedUnderBase(warning.branch)),
    ),
    scan: {
      ...dashboard.scan,
      worktrees: dashboard.scan.worktrees.map((worktree) => ({
        ...worktree,
        mergedInto: worktree.branch && input.landed.has(worktree.branch) ? input.base : null,
      })),
    },
  };
}
