import { isAppError } from "@/lib/errors/app-error.ts";
import type { NodeEvent } from "@/lib/plans/run/node-events.ts";
import { landWorktree } from "@/lib/worktrees/land/land-worktree.ts";
import { errorMessage } from "./launch-node-run.ts";
import { MAX_AUTOMATIC_FIXES } from "./check-node.ts";
import type { PlanRunsContext } from "./plan-runs-context.ts";

/**
 * Lands a ready node's branch into the base with a merge commit, through the merge gate (the
 * repository's checks on the merge, before the base moves). What happened becomes the node's event:
 * landed; a conflict (its dependents wait, "Ask Claude to resolve" is its retry); the gate's checks
 * failed (back to its agent, as failed checks); anything else fails the node with git's reason. A
 * branch with nothing left to land (its work is already on the base) counts as landed.
 */
export async function landNode(
  ctx: PlanRunsContext,
  input: { repoId: string; worktreePath: string },
): Promise<NodeEvent> {
  try {
    await landWorktree(ctx, { repoId: input.repoId, worktreePath: input.worktreePath, method: "merge" });
    return { type: "landed", at: new Date().toISOString() };
  } catch (error) {
    if (!isAppError(error)) return { type: "failed", message: `landing failed: ${errorMessage(error)}` };
    const details = error.details ?? {};
    if (Array.isArray(details.conflictingFiles))
      return { type: "land_conflict", files: details.conflictingFiles.filter((file) => typeof file === "string") };
    const gate = details.gate as { status?: string } | undefined;
    if (gate?.status === "failed") return { type: "checks_failed", maxAutomaticRetries: MAX_AUTOMATIC_FIXES };
    if (details.isNothingToLand === true) return { type: "landed", at: new Date().toISOString() };
    return { type: "failed", message: error.message };
  }
}
