/**
 * Pure types of a land queue's progress (lib/worktrees/land-queue), shared by the API, the
 * WebSocket protocol and the browser.
 */

/**
 * Where one branch of the queue is: waiting its turn, under test (on top of the branches before
 * it), passed (lands once the queue is done), landed, failed (a check did not pass), conflict (it
 * does not merge onto those before it), or not tested (the queue stopped before it).
 */
export type LandQueueEntryStatus = "waiting" | "testing" | "passed" | "landed" | "failed" | "conflict" | "not_tested";

/**
 * testing and landing while it runs; then landed (every branch), stopped (a branch failed or
 * conflicted: those before it landed), cancelled or error (nothing landed).
 */
export type LandQueueState = "testing" | "landing" | "landed" | "stopped" | "cancelled" | "error";

/** The `land_queue` message on the repository's topic, sent at each step ("testing 2 of 3"). */
export interface LandQueueProgress {
  repoId: string;
  base: string;
  state: LandQueueState;
  /** 1-based place of the branch being tested, while one is. */
  current: number | null;
  entries: Array<{ worktreePath: string; branch: string; status: LandQueueEntryStatus }>;
  /** What happened, with what to do, once it is over (null while it runs and when everything landed). */
  message: string | null;
}
