import { lstat, rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/client.ts";
import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { runGitCommand } from "@/lib/git/run-git.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { assertRepoIsLocal } from "@/lib/team/ownership.ts";
import { measureDiskUsage } from "./disk-usage.ts";
import { listWorktrees } from "./landed-branches.ts";
import { readDefaultBase } from "./pull-request.ts";
import { removalBlockers, worktreesInside, type RemovalFacts } from "./removal-blockers.ts";
import { gatherRemovalFacts, removeWorktree } from "./remove-worktree.ts";
import type { TidyAction, TidyOptions, TidyPreview, TidyResult, TidyWorktree } from "./ship-types.ts";
import { planTidy, recheckTidyAction } from "./tidy-plan.ts";
import { publishWorktreeListChange } from "./worktree-facts.ts";
import { whileHolding } from "./worktree-holds.ts";

/**
 * The Tidy up view of a repository: each worktree's disk use and dependency folders, whether it is
 * merged into the base and idle, why the safe removal would refuse it, and what Reclaim would do
 * with `options` (the preview).
 */
export async function previewTidy(db: Db, input: { repoId: string; options: TidyOptions }): Promise<TidyPreview> {
  const { base, worktrees } = await describeWorktrees(db, input.repoId);
  const actions = planTidy(worktrees, input.options);
  return { base, worktrees, actions, bytes: actions.reduce((sum, action) => sum + action.bytes, 0) };
}

/**
 * Does what a preview listed, each action checked again first against the worktree as it is now
 * (recheckTidyAction): one that became busy, dirty or unmerged is skipped with the reason.
 * Removals go through removeWorktree (its blockers, its last look at the run manager, the
 * conversation archived, the merged branch deleted); dependency folders are deleted only when
 * the fresh walk still finds them and git tracks no file in them.
 */
export async function reclaimTidy(
  db: Db,
  input: { repoId: string; actions: Array<Pick<TidyAction, "kind" | "worktreePath" | "folders">> },
): Promise<TidyResult> {
  const { worktrees } = await describeWorktrees(db, input.repoId);
  const byPath = new Map(worktrees.map((worktree) => [worktree.worktreePath, worktree]));
  const result: TidyResult = { done: [], skipped: [], bytes: 0, archivedSessionIds: [] };
  for (const requested of input.actions) {
    const now = byPath.get(requested.worktreePath);
    const action: TidyAction = {
      ...requested,
      branch: now?.branch ?? null,
      bytes: requested.kind === "remove_worktree" ? (now?.bytes ?? 0) : 0,
    };
    const reason = recheckTidyAction(action, now);
    if (reason || !now) {
      result.skipped.push({ action, reason: reason ?? "The worktree is gone." });
      continue;
    }
    try {
      if (action.kind === "remove_worktree") {
        const removed = await removeWorktree(db, {
          repoId: input.repoId,
          worktreePath: action.worktreePath,
          deleteBranch: true,
        });
        result.archivedSessionIds.push(...removed.archivedSessionIds);
      } else {
        // No run starts in it while its dependencies go, and no land or removal races the deletion.
        const kept = await whileHolding(
          [now.worktreePath],
          { kind: "reclaim", doing: "deleting its dependency folders" },
          () => deleteDependencyFolders({ worktree: now, folders: action.folders }),
        );
        action.folders = kept.deleted;
        action.bytes = kept.bytes;
        if (kept.deleted.length === 0) {
          result.skipped.push({ action, reason: kept.reasons.join(" ") || "Nothing was left to delete." });
          continue;
        }
      }
      result.done.push(action);
      result.bytes += action.bytes;
    } catch (error) {
      if (!isAppError(error)) throw error;
      result.skipped.push({ action, reason: error.message });
    }
  }
  if (result.done.length > 0) publishWorktreeListChange(input.repoId);
  return result;
}

async function describeWorktrees(db: Db, repoId: string): Promise<{ base: string | null; worktrees: TidyWorktree[] }> {
  await assertRepoIsLocal(db, repoId);
  // The list's verdict of "merged" (landed-branches.ts): a branch nobody committed on is not, a squashed one is.
  const scan = await listWorktrees(db, { repoId });
  const base = await readDefaultBase(db, repoId).catch(() => null);
  const mainPath = scan.worktrees.find((worktree) => worktree.isMain)?.path ?? scan.repoRoot;
  const worktrees: TidyWorktree[] = [];
  // One worktree at a time: each walk already reads 8 folders at once, and git runs per worktree.
  for (const worktree of scan.worktrees) {
    if (worktree.isMissing || worktree.isBare) continue;
    worktrees.push(await describeWorktree(db, { repoId, worktree, mainPath, worktrees: scan.worktrees }));
  }
  return { base, worktrees };
}

async function describeWorktree(
  db: Db,
  input: { repoId: string; worktree: WorktreeScan; mainPath: string; worktrees: readonly WorktreeScan[] },
): Promise<TidyWorktree> {
  const { worktree } = input;
  // A worktree inside this one's folder is measured as itself, and a dependency folder holding one is not reclaimable.
  const nested = worktreesInside(worktree.path, input.worktrees);
  const [usage, facts] = await Promise.all([
    measureDiskUsage(worktree.path, { skip: nested.map((inner) => inner.path) }),
    gatherRemovalFacts(db, input),
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

/**
 * Deletes the named dependency folders of a worktree, each only when the fresh walk found it (so a
 * request cannot name another path), it is a real folder (not a symlink) and git tracks nothing in it.
 */
async function deleteDependencyFolders(input: {
  worktree: TidyWorktree;
  folders: readonly string[];
}): Promise<{ deleted: string[]; bytes: number; reasons: string[] }> {
  const known = new Map(input.worktree.dependencies.map((folder) => [folder.path, folder.bytes]));
  const deleted: string[] = [];
  const reasons: string[] = [];
  let bytes = 0;
  for (const folder of input.folders) {
    const size = known.get(folder);
    if (size === undefined) {
      reasons.push(`${folder} is not a dependency folder of this worktree now.`);
      continue;
    }
    const absolute = path.join(input.worktree.worktreePath, ...folder.split("/"));
    const stats = await lstat(absolute).catch(() => null);
    if (!stats?.isDirectory()) {
      reasons.push(`${folder} is gone.`);
      continue;
    }
    const tracked = await runGitCommand({
      cwd: input.worktree.worktreePath,
      args: ["ls-files", "-z", "--", `:(literal)${folder}`],
      maxStdoutBytes: 4096,
    });
    if (tracked.stdout.byteLength > 0) {
      reasons.push(`${folder} holds files git tracks; it was kept.`);
      continue;
    }
    await rm(absolute, { recursive: true, force: true, maxRetries: 3 });
    deleted.push(folder);
    bytes += size;
  }
  if (deleted.length === 0 && reasons.length === 0)
    throw new AppError("conflict", "Nothing was deleted: the folders were not found.");
  return { deleted, bytes, reasons };
}
