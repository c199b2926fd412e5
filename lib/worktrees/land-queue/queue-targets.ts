import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { checkLanding } from "@/lib/worktrees/land/land-check.ts";
import { assertLandable } from "@/lib/worktrees/land/land-refusals.ts";
import type { WorktreeContext } from "@/lib/worktrees/worktree-facts.ts";
import type { LandCheck } from "@/lib/worktrees/worktree-types.ts";
import { findRepeated } from "./queue-outcome.ts";

/** What a queue lands: its branches' land checks in order, all into one base at one commit. */
export interface QueueTargets {
  base: string;
  baseCwd: string;
  baseCommit: string;
  checks: LandCheck[];
}

/**
 * Checks every worktree of the queue as a single land would (checkLanding, assertLandable with a
 * merge commit), before anything is tested: each must be a worktree of the repository on a branch
 * other than the base, listed once, clean, idle, and merge cleanly into the base alone. A refusal
 * names the worktree and says that nothing was landed.
 */
export async function readQueueTargets(
  ctx: WorktreeContext,
  input: { repoId: string; worktreePaths: string[]; base?: string },
): Promise<QueueTargets> {
  const repeated = findRepeated(input.worktreePaths);
  if (repeated !== null)
    throw new AppError("invalid_input", `"${repeated}" is listed twice in the queue; list each worktree once.`);
  const checks = await Promise.all(
    input.worktreePaths.map((worktreePath) =>
      inQueue(worktreePath, async () => {
        const check = await checkLanding(ctx, { repoId: input.repoId, worktreePath, base: input.base });
        assertLandable(check, { method: "merge" });
        return check;
      }),
    ),
  );
  const sameWorktree = findRepeated(checks.map((check) => check.worktreePath));
  if (sameWorktree !== null)
    throw new AppError(
      "invalid_input",
      `The worktree ${sameWorktree} is listed twice in the queue (under two paths); list each worktree once.`,
    );
  const first = checks[0]!;
  const moved = checks.find((check) => check.baseCommit !== first.baseCommit);
  if (moved)
    throw new AppError(
      "conflict",
      `${first.base} moved while the queue was being checked (it is now at ${moved.baseCommit.slice(0, 7)}), so nothing was landed. Land in order again.`,
      { details: { isBaseMoved: true, baseCommit: moved.baseCommit } },
    );
  return { base: first.base, baseCwd: first.baseWorktreePath!, baseCommit: first.baseCommit, checks };
}

/** Runs one worktree's check; its refusal says which worktree of the queue it is about. */
async function inQueue<T>(worktreePath: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw new AppError(error.code, `Nothing was landed. In the queue, ${worktreePath}: ${error.message}`, {
      details: { ...error.details, worktreePath },
      cause: error,
    });
  }
}
