import type { Db } from "@/lib/db/client.ts";
import type { EventHub } from "@/lib/realtime/event-hub.ts";
import type { CheckRunView } from "@/lib/realtime/check-views.ts";
import type { PendingCheckRun } from "./check-debouncer.ts";

/** Told a batch's final results once it ended (every check finished; some may say cancelled). */
export type ChecksFinished = (runs: CheckRunView[]) => void;

/** A worktree's running batch: cancelling it aborts the signal, `done` says when it stopped. */
export interface RunningBatch {
  controller: AbortController;
  done: Promise<unknown>;
}

/**
 * What the checks keep while the process lives, on the runtime context as `checks`
 * (docs/decisions/0019-process-state-in-the-context.md). Each map has one owning module.
 */
export interface ChecksState {
  /** The batch running in each worktree, so a new run cancels the old one (check-batches.ts). */
  batches: Map<string, RunningBatch>;
  /** The lands whose checks run, per repository, so the user can cancel them (landing-gates.ts). */
  gates: Map<string, Set<AbortController>>;
  /** Automatic runs waiting for their worktree to settle (schedule-checks.ts). */
  debounces: Map<string, PendingCheckRun<ChecksFinished>>;
  /** Each worktree's tree when its last checks ended, so their own writes do not start them again (settled-trees.ts). */
  settledTrees: Map<string, string>;
}

export function createChecksState(): ChecksState {
  return { batches: new Map(), gates: new Map(), debounces: new Map(), settledTrees: new Map() };
}

/** What running a worktree's checks touches: the rows, the browsers, and the checks' own state. */
export interface ChecksContext {
  db: Db;
  hub: EventHub;
  checks: ChecksState;
}
