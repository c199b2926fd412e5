import path from "node:path";
import { isAppError } from "@/lib/errors/app-error.ts";
import type { RepoScan, WorktreeScan } from "@/lib/git/types.ts";
import { measureDiskUsage } from "./disk-usage.ts";
import { listWorktrees } from "@/lib/worktrees/land/landed-branches.ts";
import { readDefaultBase } from "@/lib/worktrees/ship/pull-request.ts";
import { removalBlockers, worktreesInside, type RemovalFacts } from "@/lib/worktrees/remove/removal-blockers.ts";
import { reclaimDependencies } from "./reclaim-dependencies.ts";
import { gatherRemovalFacts, removeWorktree, type RemovalContext } from "@/lib/worktrees/remove/remove-worktree.ts";
import type { TidyAction, TidyOptions, TidyPreview, TidyResult, TidyWorktree } from "@/lib/worktrees/ship-types.ts";
import { planTidy, recheckTidyRemoval, WORKTREE_GONE } from "./tidy-plan.ts";
import { publishWorktreeListChange, type WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";

/**
 * The Tidy up view of a repository: each worktree's disk use and dependency folders, whether it is
 * merged into the base and idle, why the safe removal would refuse it, and what Reclaim would do
 * with `options` (the preview).
 */
export async function previewTidy(
  ctx: WorktreeContext,
  input: { repoId: string; options: TidyOptions },
): Promise<TidyPreview> {
  const { base, worktrees } = await describeWorktrees(ctx, input.repoId);
  const actions = planTidy(worktrees, input.options);
  return { base, worktrees, actions, bytes: actions.reduce((sum, action) => sum + action.bytes, 0) };
}

/**
 * Does what a preview listed, one action at a time, each re-checked against the worktree as it is
 * then (busy, dirty or unmerged: skipped with the reason), so later actions see earlier changes.
 * Removals are judged on a fresh listing and go through removeWorktree; dependency folders through
 * reclaimDependencies, each with its own last look.
 */
export async function reclaimTidy(
  ctx: RemovalContext,
  input: { repoId: string; actions: Array<Pick<TidyAction, "kind" | "worktreePath" | "folders">> },
): Promise<TidyResult> {
  const { db } = ctx;
  const result: TidyResult = { done: [], skipped: [], bytes: 0, archivedSessionIds: [] };
  // Which worktrees there are; what is in them is looked at again by each action, right before it.
  const scan = await listWorktrees(db, { repoId: input.repoId });
  for (const requested of input.actions) {
    const worktree = scan.worktrees.find(
      (candidate) => candidate.path === requested.worktreePath && !candidate.isMissing && !candidate.isBare,
    );
    const action: TidyAction = { ...requested, branch: worktree?.branch ?? null, bytes: 0 };
    try {
      const reason = worktree
        ? await reclaimOne(ctx, { repoId: input.repoId, action, worktree, scan, result })
        : WORKTREE_GONE;
      if (reason) result.skipped.push({ action, reason });
      else {
        result.done.push(action);
        result.bytes += action.bytes;
      }
    } catch (error) {
      if (!isAppError(error)) throw error;
      result.skipped.push({ action, reason: error.message });
    }
  }
  if (result.done.length > 0) publishWorktreeListChange(ctx.hub, input.repoId);
  return result;
}

/** Does one action (filling in its folders and bytes), or says why it was skipped. */
async function reclaimOne(
  ctx: RemovalContext,
  input: { repoId: string; action: TidyAction; worktree: WorktreeScan; scan: RepoScan; result: TidyResult },
): Promise<string | null> {
  const { db } = ctx;
  const { action, worktree, scan } = input;
  if (worktree.isMain) return "The main worktree is never tidied.";
  if (action.kind === "remove_worktree") {
    // Listed again right before: its status and whether its branch is still merged are as they are now.
    const fresh = await listWorktrees(db, { repoId: input.repoId });
    const current = fresh.worktrees.find(
      (candidate) => candidate.path === worktree.path && !candidate.isMissing && !candidate.isBare,
    );
    const mainPath = fresh.worktrees.find((candidate) => candidate.isMain)?.path ?? fresh.repoRoot;
    const now = current
      ? await describeWorktree(ctx, { repoId: input.repoId, worktree: current, mainPath, worktrees: fresh.worktrees })
      : undefined;
    const reason = recheckTidyRemoval(now);
    if (reason || !now) return reason ?? WORKTREE_GONE;
    const removed = await removeWorktree(ctx, {
      repoId: input.repoId,
      worktreePath: action.worktreePath,
      deleteBranch: true,
    });
    input.result.archivedSessionIds.push(...removed.archivedSessionIds);
    action.bytes = now.bytes;
    return null;
  }
  const kept = await reclaimDependencies(ctx, {
    repoId: input.repoId,
    worktree,
    worktrees: scan.worktrees,
    folders: action.folders,
  });
  if (kept.deleted.length > 0 && kept.reasons.length > 0) {
    // Done in part: the folders kept are listed as skipped, with why, beside the ones deleted.
    const folders = action.folders.filter((folder) => !kept.deleted.includes(folder));
    input.result.skipped.push({ action: { ...action, folders, bytes: 0 }, reason: kept.reasons.join(" ") });
  }
  action.folders = kept.deleted;
  action.bytes = kept.bytes;
  return kept.deleted.length > 0 ? null : kept.reasons.join(" ") || "Nothing was left to delete.";
}

async function describeWorktrees(
  ctx: WorktreeContext,
  repoId: string,
): Promise<{ base: string | null; worktrees: TidyWorktree[] }> {
  const { db } = ctx;
  // The list's verdict of "merged" (landed-branches.ts): a branch nobody committed on is not, a squashed one is.
  const scan = await listWorktrees(db, { repoId });
  const base = await readDefaultBase(db, repoId).catch(() => null);
  const mainPath = scan.worktrees.find((worktree) => worktree.isMain)?.path ?? scan.repoRoot;
  const worktrees: TidyWorktree[] = [];
  // One worktree at a time: each walk already reads 8 folders at once, and git runs per worktree.
  for (const worktree of scan.worktrees) {
    if (worktree.isMissing || worktree.isBare) continue;
    worktrees.push(await describeWorktree(ctx, { repoId, worktree, mainPath, worktrees: scan.worktrees }));
  }
  return { base, worktrees };
}

async function describeWorktree(
  ctx: WorktreeContext,
  input: { repoId: string; worktree: WorktreeScan; mainPath: string; worktrees: readonly WorktreeScan[] },
): Promise<TidyWorktree> {
  const { worktree } = input;
  // A worktree inside this one's folder is measured as itself, and a dependency folder holding one is not reclaimable.
  const nested = worktreesInside(worktree.path, input.worktrees);
  const [usage, facts] = await Promise.all([
    measureDiskUsage(worktree.path, { skip: nested.map((inner) => inner.path) }),
    gatherRemovalFacts(ctx, input),
  ]);
  const holdsWorktree = (folder: string) =>
    worktreesInside(path.join(worktree.path, ...folder.split("/")), nested).length > 0;
  const dependencies = usage.dependencies.filter((folder) => !holdsWorktree(folder.path));
  const isMerged = !worktree.isMain && Boolean(worktree.mergedInto);
  return {
    worktreePath: worktree.path,
    branch: worktree.isDetached ? null : worktree.branch,
    isMain: worktree.isMain,
    bytes: usage.bytes,
    isPartial: usage.isPartial,
    dependencies,
    isMerged,
    isIdle: isIdle(facts),
    blockers: removalBlockers(facts),
  };
}

function isIdle(facts: RemovalFacts): boolean {
  const recentSession =
    facts.lastSessionActivityAt !== null &&
    facts.now.getTime() - facts.lastSessionActivityAt.getTime() < facts.recentSessionMs;
  return facts.runState === "idle" && facts.changedFiles === 0 && !recentSession;
}
