import type { ChecksState, RunningBatch } from "@/lib/checks/run/checks-state.ts";

type Batches = ChecksState["batches"];

/**
 * Takes the worktree's check slot: the batch running there is cancelled (its process groups are
 * killed, its rows say cancelled) and waited for, so two never run at once in one worktree.
 * `start` gets the new batch's signal and returns its completion, which frees the slot.
 */
export async function replaceWorktreeBatch<T>(
  batches: Batches,
  worktreePath: string,
  start: (signal: AbortSignal) => Promise<{ result: T; done: Promise<unknown> }>,
): Promise<T> {
  const controller = new AbortController();
  const previous = batches.get(worktreePath);
  let release!: () => void;
  // Claimed before anything is awaited: a third request cancels this one, not the one before.
  const claimed: RunningBatch = { controller, done: new Promise<void>((resolve) => (release = resolve)) };
  batches.set(worktreePath, claimed);
  try {
    if (previous) {
      previous.controller.abort();
      await previous.done.catch(() => undefined);
    }
    const { result, done } = await start(controller.signal);
    void done
      .catch(() => undefined)
      .then(() => {
        if (batches.get(worktreePath) === claimed) batches.delete(worktreePath);
        release();
      });
    return result;
  } catch (error) {
    if (batches.get(worktreePath) === claimed) batches.delete(worktreePath);
    release();
    throw error;
  }
}

/** Cancels the checks running in a worktree (it is being removed); resolves once they stopped. */
export async function cancelWorktreeBatch(batches: Batches, worktreePath: string): Promise<void> {
  const running = batches.get(worktreePath);
  if (!running) return;
  running.controller.abort();
  await running.done.catch(() => undefined);
}

/** Resolves once the checks running in a worktree (if any) have ended, without cancelling them. */
export async function waitForWorktreeBatch(batches: Batches, worktreePath: string): Promise<void> {
  const running = batches.get(worktreePath);
  await running?.done.catch(() => undefined);
}
