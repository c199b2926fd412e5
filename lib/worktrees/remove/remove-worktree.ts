import path from "node:path";
import { stopWatchingWorktree, type WorktreeWatchers } from "@/lib/changes/worktree-watchers.ts";
import type { ChecksState } from "@/lib/checks/run/checks-state.ts";
import { forgetWorktreeChecks } from "@/lib/checks/run/forget-worktree-checks.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { runGit, runGitCommand } from "@/lib/git/run/run-git.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { listWorktrees } from "@/lib/worktrees/land/landed-branches.ts";
import { removalBlockers, worktreesInside, type RemovalFacts } from "./removal-blockers.ts";
import {
  countChangedFiles,
  liveRunState,
  publishWorktreeListChange,
  type WorktreeContext,
} from "@/lib/worktrees/worktree-facts.ts";
import { heldFor, holdWorktrees } from "@/lib/worktrees/worktree-holds.ts";
import type { RemovalResult } from "@/lib/worktrees/ship-types.ts";
import { IGNORED_LISTED_MAX, readIgnoredOnlyHere } from "./ignored-only-here.ts";
import { readSubmoduleLosses } from "./submodule-state.ts";
import { dropWorktreeGrants, readWorktreeGrants } from "./worktree-grants.ts";
import { readLastTerminalActivity, RECENT_SESSION_MS } from "./terminal-sessions.ts";

/** What a removal touches beyond the worktree's: the checks and the file watch it stops there. */
export type RemovalContext = WorktreeContext & { checks: ChecksState; worktreeWatchers: WorktreeWatchers };

/**
 * Removes a linked worktree safely: refused, with every reason, for uncommitted changes, ignored
 * files only it has (unless `discardIgnored`), a nested worktree, unsaved submodule work, unique
 * commits, an Arbor run, or a recent Claude session. Then `git worktree remove` (--force only for
 * checked-out submodules; a missing folder is just forgotten), the branch deleted only if asked and
 * merged (`-D` when landed by squash or rebase), conversations archived, and what the worktree was
 * granted by path (its rules and mode) dropped. `dryRun` only reports.
 */
export async function removeWorktree(
  ctx: RemovalContext,
  input: {
    repoId: string;
    worktreePath: string;
    deleteBranch?: boolean;
    dryRun?: boolean;
    /** The user saw the ignored files only this worktree has and said they may be deleted with it. */
    discardIgnored?: boolean;
  },
): Promise<RemovalResult> {
  const { db } = ctx;
  // The list says whether its branch has landed in the default branch (merged, or squashed: git alone would not know).
  const { worktrees } = await listWorktrees(db, { repoId: input.repoId });
  // A worktree whose folder was deleted is still git's (and Arbor's conversation's) until removed:
  // matched by its exact path, as the list shows it, since there is no folder to resolve.
  const missing = path.isAbsolute(input.worktreePath)
    ? worktrees.find(
        (candidate) =>
          candidate.isMissing && !candidate.isMain && candidate.path === path.normalize(input.worktreePath),
      )
    : undefined;
  const resolved = missing ?? (await resolvePinnedWorktree(db, input)).worktree;
  const listed = worktrees.find((candidate) => candidate.path === resolved.path);
  const worktree = { ...resolved, mergedInto: listed?.mergedInto ?? null };
  const repo = await db.repo.findUniqueOrThrow({ where: { id: input.repoId } });
  const facts = await gatherRemovalFacts(ctx, {
    repoId: input.repoId,
    worktree,
    mainPath: repo.rootPath,
    worktrees,
  });
  const ignored = facts.ignoredOnlyHere ?? [];
  const blockers = removalBlockers({ ...facts, isIgnoredDiscardConfirmed: input.discardIgnored === true });
  const result: RemovalResult = {
    worktreePath: worktree.path,
    branch: worktree.branch,
    blockers,
    isRemoved: false,
    isBranchDeleted: false,
    branchKeptReason: null,
    archivedSessionIds: [],
    ignoredOnlyHere: ignored.slice(0, IGNORED_LISTED_MAX),
    ignoredOnlyHereCount: ignored.length,
    grants: await readWorktreeGrants(db, { repoId: input.repoId, worktreePath: worktree.path }),
  };
  if (input.dryRun) return result;
  if (blockers.length > 0) {
    throw new AppError("conflict", `${worktree.path} was not removed: ${blockers.join(" ")}`, {
      details: { blockers },
    });
  }
  // From here until git is done no run may start in it, and no land or abort may take it; a run
  // queued since the check is caught now.
  const release = holdWorktrees(ctx, [worktree.path], { kind: "removal", doing: "removing this worktree" });
  try {
    if (ctx.runs.stateOf(worktree.path) !== "idle") {
      throw new AppError(
        "conflict",
        `${worktree.path} was not removed: a run started in it just now; try again after it.`,
      );
    }
    // git removes a worktree with submodules only when forced, which also skips its own check for
    // changes: looked at again here, under the hold, right before, in it and in its submodules.
    if (facts.needsForce) await assertStillNothingToLose(worktree.path);
    const force = facts.needsForce ? ["--force"] : [];
    await runGit({ cwd: repo.rootPath, args: ["worktree", "remove", ...force, worktree.path] });
  } finally {
    release();
  }
  result.isRemoved = true;
  // Nothing keeps watching or testing a folder that is gone.
  stopWatchingWorktree(ctx.worktreeWatchers, { repoId: input.repoId, worktreePath: worktree.path });
  await forgetWorktreeChecks(ctx.checks, { repoId: input.repoId, worktreePath: worktree.path });
  const sessions = await db.chatSession.findMany({
    where: { repoId: input.repoId, worktreePath: worktree.path, status: "active" },
  });
  await db.chatSession.updateMany({
    where: { id: { in: sessions.map((session) => session.id) } },
    data: { status: "archived", activeKey: null, archivedAt: new Date() },
  });
  result.archivedSessionIds = sessions.map((session) => session.id);
  await dropWorktreeGrants(db, { repoId: input.repoId, worktreePath: worktree.path });
  if (input.deleteBranch && worktree.branch) {
    // A branch that landed by squash is not in the base's history, so git's -d would refuse it; its work is there.
    const flag = worktree.mergedInto ? "-D" : "-d";
    await runGit({ cwd: repo.rootPath, args: ["branch", flag, "--end-of-options", worktree.branch] }).then(
      () => (result.isBranchDeleted = true),
      (error: unknown) => {
        // The worktree is gone either way; git's refusal (not merged) is reported, not thrown.
        result.branchKeptReason = `The branch ${worktree.branch} was kept: ${(error as Error).message}`;
      },
    );
  }
  publishWorktreeListChange(ctx.hub, input.repoId);
  return result;
}

/** The facts removalBlockers judges, for one worktree of the repository (also read by Tidy up). */
export async function gatherRemovalFacts(
  ctx: WorktreeContext,
  /**
   * `mainPath`: the main worktree, whose files a linked worktree's ignored ones are compared with;
   * `worktrees`: every worktree of the repository (those inside this one's folder would go with it).
   */
  input: { repoId: string; worktree: WorktreeScan; mainPath: string; worktrees: readonly WorktreeScan[] },
): Promise<RemovalFacts & { needsForce: boolean }> {
  const { db } = ctx;
  const { worktree } = input;
  const now = new Date();
  return {
    isMain: worktree.isMain,
    // A folder that is gone has no files left to lose.
    ignoredOnlyHere:
      worktree.isMain || worktree.isMissing
        ? []
        : await readIgnoredOnlyHere({
            worktreePath: worktree.path,
            mainPath: input.mainPath,
            nestedWorktrees: worktreesInside(worktree.path, input.worktrees).map((nested) => nested.path),
          }),
    ...(await readSubmoduleFacts(worktree)),
    isLocked: worktree.isLocked,
    nestedWorktrees: worktree.isMain
      ? []
      : worktreesInside(worktree.path, input.worktrees).map((nested) => ({ path: nested.path, branch: nested.branch })),
    lockReason: worktree.lockReason,
    changedFiles: countChangedFiles(worktree),
    branch: worktree.branch,
    // A folder that is gone takes no commit with it when its branch stays (git's -d keeps an unmerged one).
    unmergedCommits:
      worktree.isMain || worktree.mergedInto || (worktree.isMissing && worktree.branch)
        ? 0
        : await countUnmergedCommits({ worktree, repoRoot: input.mainPath }),
    runState: liveRunState(ctx, { repoId: input.repoId, worktreePath: worktree.path }),
    busyWith: heldFor(ctx.worktreeHolds, worktree.path),
    lastSessionActivityAt: await readLastTerminalActivity(db, {
      worktreePath: worktree.path,
      now,
      windowMs: RECENT_SESSION_MS,
    }),
    now,
    recentSessionMs: RECENT_SESSION_MS,
  };
}

/** Whether git needs --force for the worktree's submodules, and what removing it would lose in them. */
async function readSubmoduleFacts(worktree: WorktreeScan): Promise<{ needsForce: boolean; submoduleLosses: string[] }> {
  if (worktree.isMain || worktree.isMissing) return { needsForce: false, submoduleLosses: [] };
  const { needsForce, losses } = await readSubmoduleLosses(worktree.path);
  return { needsForce, submoduleLosses: losses };
}

/** Refuses a forced removal when a change appeared since the check (in the worktree or a submodule). */
async function assertStillNothingToLose(worktreePath: string): Promise<void> {
  const [status, submodules] = await Promise.all([
    runGitCommand({ cwd: worktreePath, args: ["status", "--porcelain", "-z"], timeoutMs: 60_000 }),
    readSubmoduleLosses(worktreePath),
  ]);
  const changed = status.stdout.byteLength > 0 ? ["It has uncommitted changes made since the check."] : [];
  const blockers = [...changed, ...submodules.losses];
  if (blockers.length > 0)
    throw new AppError("conflict", `${worktreePath} was not removed: ${blockers.join(" ")} Look again, then retry.`, {
      details: { blockers },
    });
}

/**
 * Commits on the worktree's HEAD that no other local branch and no remote-tracking branch
 * contains, counted from the repository (the worktree's folder may be gone).
 */
async function countUnmergedCommits(input: { worktree: WorktreeScan; repoRoot: string }): Promise<number> {
  const { worktree } = input;
  if (!worktree.head) return 0;
  const others = worktree.branch ? [`--exclude=${worktree.branch}`, "--branches"] : ["--branches"];
  const out = await runGit({
    cwd: input.repoRoot,
    args: ["rev-list", "--count", worktree.head.sha, "--not", ...others, "--remotes"],
  });
  return Number.parseInt(out.trim(), 10) || 0;
}
