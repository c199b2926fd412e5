import { defineProcessState } from "@/lib/runtime/process-state.ts";

/** What a cancelled gate's checks say they were stopped by (their row's message). */
export const LANDING_CANCELLED = "Cancelled: the land was cancelled before the checks finished.";

const gatesState = defineProcessState("landingGates", () => new Map<string, Set<AbortController>>());

/**
 * Runs `work` with a signal that cancelLanding aborts: the merge gates and queues testing a
 * repository's lands register here, so the user can stop checks that take too long (their process
 * groups are killed, nothing lands). The registration ends with `work`, however it ends.
 */
export async function whileCancellable<T>(repoId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const gates = gatesState.get();
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
export function cancelLanding(repoId: string): { cancelled: number } {
  const running = gatesState.get().get(repoId);
  if (!running) return { cancelled: 0 };
  for (const controller of running) controller.abort(LANDING_CANCELLED);
  return { cancelled: running.size };
}
