import type { RunManager, WorktreeClosure } from "@/lib/chat/runs/run-manager.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/** What holds a worktree: the kind (which also tells a refused run why) and, for messages, what it is doing. */
export interface WorktreeHold {
  kind: WorktreeClosure;
  /** Said to whoever is refused: "landing feat/x into main", "removing this worktree", "aborting the rebase". */
  doing: string;
}

/** Worktrees Arbor is changing, with what it is doing: one map per runtime context (lib/context). */
export type WorktreeHolds = Map<string, WorktreeHold>;

/** What a hold touches: the holds, and the run manager that refuses runs in a held worktree. */
export interface HoldParts {
  runs: RunManager;
  worktreeHolds: WorktreeHolds;
}

/**
 * Holds worktrees while Arbor changes them (a land, an abort, a removal, Tidy up deleting
 * dependency folders): no Claude run
 * starts or queues in a held worktree, and a second such operation on any of them is refused with
 * what is under way, instead of racing it (two lands into one base, each undoing the other's
 * half-made merge, or a removal under a rebase). Taken and checked in one synchronous step, so two
 * requests cannot both pass. Call the returned function when git is done (it is safe to call twice).
 */
export function holdWorktrees(
  { runs, worktreeHolds: held }: HoldParts,
  paths: string[],
  hold: WorktreeHold,
): () => void {
  const unique = [...new Set(paths)];
  for (const worktreePath of unique) {
    const current = held.get(worktreePath);
    if (current)
      throw new AppError(
        "conflict",
        `Arbor is already ${current.doing} in ${worktreePath}, so it did not start ${hold.doing} there. Try again once that is done.`,
        { details: { busyWith: current.kind, worktreePath } },
      );
  }
  const reopen = unique.map((worktreePath) => runs.closeWorktree(worktreePath, hold.kind));
  for (const worktreePath of unique) held.set(worktreePath, hold);
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    for (const worktreePath of unique) held.delete(worktreePath);
    for (const open of reopen) open();
  };
}

/** What Arbor's git is doing in the worktree right now, or null (blockers say it instead of its half-made changes). */
export function heldFor(worktreeHolds: WorktreeHolds, worktreePath: string): string | null {
  return worktreeHolds.get(worktreePath)?.doing ?? null;
}

/** Runs `work` while holding the worktrees, and releases them however it ends. */
export async function whileHolding<T>(
  parts: HoldParts,
  paths: string[],
  hold: WorktreeHold,
  work: () => Promise<T>,
): Promise<T> {
  const release = holdWorktrees(parts, paths, hold);
  try {
    return await work();
  } finally {
    release();
  }
}
