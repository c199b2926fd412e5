import type { ChecksState } from "@/lib/checks/run/checks-state.ts";
import { cancelWorktreeBatch } from "./check-batches.ts";
import { cancelScheduledChecks } from "./schedule-checks.ts";
import { forgetSettledTree } from "./settled-trees.ts";

/**
 * A worktree was removed: its pending automatic run is dropped, checks still running in its
 * (deleted) folder are stopped, and what was noted of its files is forgotten. Its results stay.
 */
export async function forgetWorktreeChecks(
  checks: ChecksState,
  input: { repoId: string; worktreePath: string },
): Promise<void> {
  cancelScheduledChecks(checks, input);
  forgetSettledTree(checks.settledTrees, input.worktreePath);
  await cancelWorktreeBatch(checks.batches, input.worktreePath);
}
