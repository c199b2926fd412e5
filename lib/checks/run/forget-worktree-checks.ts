import { cancelWorktreeBatch } from "./check-batches.ts";
import { cancelScheduledChecks } from "./schedule-checks.ts";
import { forgetSettledTree } from "./settled-trees.ts";

/**
 * A worktree was removed: its pending automatic run is dropped, checks still running in its
 * (deleted) folder are stopped, and what was noted of its files is forgotten. Its results stay.
 */
export async function forgetWorktreeChecks(input: { repoId: string; worktreePath: string }): Promise<void> {
  cancelScheduledChecks(input);
  forgetSettledTree(input.worktreePath);
  await cancelWorktreeBatch(input.worktreePath);
}
