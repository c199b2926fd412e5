import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getRunManager } from "@/lib/chat/chat-runtime.ts";
import { runGit } from "@/lib/git/run-git.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { listWorktrees } from "./landed-branches.ts";
import { removalBlockers, type RemovalFacts } from "./removal-blockers.ts";
import { countChangedFiles, liveRunState, publishWorktreeListChange } from "./worktree-facts.ts";
import { heldFor, holdWorktrees } from "./worktree-holds.ts";
import { IGNORED_LISTED_MAX, readIgnoredOnlyHere } from "./ignored-only-here.ts";

/** A terminal session whose last hook event is this recent (and not its SessionEnd) still counts as in use. */
const RECENT_SESSION_MS = 5 * 60_000;

export interface RemovalResult {
  worktreePath: string;
  branch: string | null;
  /** Why it cannot be removed now; empty when it can (or was). */
  blockers: string[];
  isRemoved: boolean;
  isBranchDeleted: boolean;
  /** Conversations of the worktree that were archived (kept, read-only). */
  archivedSessionIds: string[];
  /** Ignored files and folders only this worktree has (the first IGNORED_LISTED_MAX), and how many in all. */
  ignoredOnlyHere: string[];
  ignoredOnlyHereCount: number;
}

/**
 * Removes a linked worktree the safe way: refused, with every reason, when it has uncommitted
 * changes, ignored files only it has (unless `discardIgnored`: git deletes those silently),
 * commits no other branch or remote has, a run of Arbor's, or a Claude Code session
 * active in the last few minutes (seen through the hooks). Otherwise `git worktree remove` (never
 * --force), the branch deleted only when asked and it is merged (`branch -d`; `-D` for a branch whose
 * work landed in the default branch by squash or rebase, see landedBranches), and the
 * worktree's conversations archived, never deleted. `dryRun` only reports the blockers.
 */
export async function removeWorktree(
  db: Db,
  input: {
    repoId: string;
    worktreePath: string;
    deleteBranch?: boolean;
    dryRun?: boolean;
    /** The user saw the ignored files only this worktree has and said they may be deleted with it. */
    discardIgnored?: boolean;
  },
): Promise<RemovalResult> {
  const resolved = await resolvePinnedWorktree(db, input);
  // The list says whether its branch has landed in the default branch (merged, or squashed: git alone would not know).
  const listed = (await listWorktrees(db, { repoId: input.repoId })).worktrees.find(
    (candidate) => candidate.path === resolved.worktree.path,
  );
  const worktree = { ...resolved.worktree, mergedInto: listed?.mergedInto ?? null };
  const repo = await db.repo.findUniqueOrThrow({ where: { id: input.repoId } });
  const facts = await gatherRemovalFacts(db, { repoId: input.repoId, worktree, mainPath: repo.rootPath });
  const ignored = facts.ignoredOnlyHere ?? [];
  const blockers = removalBlockers({ ...facts, isIgnoredDiscardConfirmed: input.discardIgnored === true });
  const result: RemovalResult = {
    worktreePath: worktree.path,
    branch: worktree.branch,
    blockers,
    isRemoved: false,
    isBranchDeleted: false,
    archivedSessionIds: [],
    ignoredOnlyHere: ignored.slice(0, IGNORED_LISTED_MAX),
    ignoredOnlyHereCount: ignored.length,
  };
  if (input.dryRun) return result;
  if (blockers.length > 0) {
    throw new AppError("conflict", `${worktree.path} was not removed: ${blockers.join(" ")}`, {
      details: { blockers },
    });
  }
  // From here until git is done no run may start in it, and no land or abort may take it; a run
  // queued since the check is caught now.
  const release = holdWorktrees([worktree.path], { kind: "removal", doing: "removing this worktree" });
  try {
    if (getRunManager().stateOf(worktree.path) !== "idle") {
      throw new AppError(
        "conflict",
        `${worktree.path} was not removed: a run started in it just now; try again after it.`,
      );
    }
    await runGit({ cwd: repo.rootPath, args: ["worktree", "remove", worktree.path] });
  } finally {
    release();
  }
  result.isRemoved = true;
  const sessions = await db.chatSession.findMany({
    where: { repoId: input.repoId, worktreePath: worktree.path, status: "active" },
  });
  await db.chatSession.updateMany({
    where: { id: { in: sessions.map((session) => session.id) } },
    data: { status: "archived", activeKey: null, archivedAt: new Date() },
  });
  result.archivedSessionIds = sessions.map((session) => session.id);
  if (input.deleteBranch && worktree.branch) {
    // A branch that landed by squash is not in the base's history, so git's -d would refuse it; its work is there.
    const flag = worktree.mergedInto ? "-D" : "-d";
    await runGit({ cwd: repo.rootPath, args: ["branch", flag, "--end-of-options", worktree.branch] }).then(
      () => (result.isBranchDeleted = true),
      (error: unknown) => {
        // The worktree is gone either way; git's refusal (not merged) is reported, not thrown.
        result.blockers = [`The branch ${worktree.branch} was kept: ${(error as Error).message}`];
      },
    );
  }
  publishWorktreeListChange(input.repoId);
  return result;
}

/** The facts removalBlockers judges, for one worktree of the repository (also read by Tidy up). */
export async function gatherRemovalFacts(
  db: Db,
  /** `mainPath`: the main worktree, whose files a linked worktree's ignored ones are compared with. */
  input: { repoId: string; worktree: WorktreeScan; mainPath: string },
): Promise<RemovalFacts> {
  const { worktree } = input;
  return {
    isMain: worktree.isMain,
    ignoredOnlyHere: worktree.isMain
      ? []
      : await readIgnoredOnlyHere({ worktreePath: worktree.path, mainPath: input.mainPath }),
    isLocked: worktree.isLocked,
    lockReason: worktree.lockReason,
    changedFiles: countChangedFiles(worktree),
    branch: worktree.branch,
    unmergedCommits: worktree.isMain || worktree.mergedInto ? 0 : await countUnmergedCommits(worktree),
    runState: liveRunState({ repoId: input.repoId, worktreePath: worktree.path }),
    busyWith: heldFor(worktree.path),
    lastSessionActivityAt: await lastTerminalActivity(db, worktree.path),
    now: new Date(),
    recentSessionMs: RECENT_SESSION_MS,
  };
}

/** Commits on HEAD that no other local branch and no remote-tracking branch contains. */
async function countUnmergedCommits(worktree: WorktreeScan): Promise<number> {
  if (!worktree.head) return 0;
  const others = worktree.branch ? [`--exclude=${worktree.branch}`, "--branches"] : ["--branches"];
  const out = await runGit({
    cwd: worktree.path,
    args: ["rev-list", "--count", "HEAD", "--not", ...others, "--remotes"],
  });
  return Number.parseInt(out.trim(), 10) || 0;
}

/** The last hook event of a session that is not one of Arbor's runs, unless that session has ended. */
async function lastTerminalActivity(db: Db, worktreePath: string): Promise<Date | null> {
  const last = await db.hookEvent.findFirst({
    where: { worktreePath, runId: null },
    orderBy: { id: "desc" },
    select: { receivedAt: true, eventName: true },
  });
  return last && last.eventName !== "SessionEnd" ? last.receivedAt : null;
}
