import { countWaiting } from "@/lib/approvals/approval-waiters.ts";
import type { ApprovalWaiters } from "@/lib/approvals/approval-waiters.ts";
import type { RunManager } from "@/lib/chat/runs/run-manager.ts";
import type { Db } from "@/lib/db/client.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import type { WorktreeHolds } from "./worktree-holds.ts";

/** What the lifecycle checks (remove, land) ask of a worktree, and the refresh after a change to the list. */
export type LiveRunState = "idle" | "running" | "queued" | "waiting";

/** Where Arbor's runs live: the run manager and the requests waiting for the user (lib/context). */
export interface LiveRuns {
  runs: RunManager;
  approvalWaiters: ApprovalWaiters;
}

/**
 * What the lifecycle operations touch: the database, the live runs they must not change files under,
 * and the hub that tells the browsers.
 */
export interface WorktreeContext extends LiveRuns {
  db: Db;
  hub: EventHub;
  /** Worktrees Arbor's own git is changing now (worktree-holds.ts). */
  worktreeHolds: WorktreeHolds;
}

/** Changed, staged, untracked or conflicted files (ignored files do not count). */
export function countChangedFiles(worktree: WorktreeScan): number {
  const dirty = worktree.dirty;
  return dirty ? dirty.staged + dirty.unstaged + dirty.untracked + dirty.conflicted : 0;
}

/** Arbor's run in the worktree: waiting for the user's answer, answering, queued or idle. */
export function liveRunState(live: LiveRuns, input: { repoId: string; worktreePath: string }): LiveRunState {
  const { runs, approvalWaiters } = live;
  return countWaiting(approvalWaiters, input) > 0 ? "waiting" : runs.stateOf(input.worktreePath);
}

/** Tells every browser showing the repository that its worktree list, activity and attention order changed. */
export function publishWorktreeListChange(hub: EventHub, repoId: string): void {
  for (const queryKey of [
    queryKeys.worktrees(repoId),
    queryKeys.worktreeProgress(repoId),
    queryKeys.activity(repoId),
    queryKeys.attention(),
  ])
    hub.publish(repoTopic(repoId), { type: "invalidate", queryKey });
}
