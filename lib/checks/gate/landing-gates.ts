import type { ChecksState } from "@/lib/checks/run/checks-state.ts";

type Gates = ChecksState["gates"];

/** What a cancelled gate's checks say they were stopped by (their row's message). */
export const LANDING_CANCELLED = "Cancelled: the land was cancelled before the checks finished.";

/**
 * Runs `work` with a signal that cancelLanding aborts: the merge gates and queues testing a
 * repository's lands register here, so the user can stop checks that take too long (their process
 * groups are killed, nothing lands). The registration ends with `work`, however it ends.
 */
export async function whileCancellable<T>(
  gates: Gates,
  repoId: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const running = gates.get(repoId) ?? new Set<AbortController>();
  running.add(controller);
  gates.set(repoId, running);
  try {
    return await work(controller.signal);
  } finally {
    running.delete(controller);
    if (running.size === 0 && gates.get(repoId) === running) gates.delete(repoId);
  }
}

/** Cancels every land being tested in the repository; answers how many there were. */
export function cancelLanding(gates: Gates, repoId: string): { cancelled: number } {
  const running = gates.get(repoId);
  if (!running) return { cancelled: 0 };
  for (const controller of running) controller.abort(LANDING_CANCELLED);
  return { cancelled: running.size };
}
