import { getEventHub, repoTopic } from "@/lib/realtime/event-hub.ts";
import type { RunJob } from "./run-job.ts";

/** Tells browsers watching the repository that a worktree's agent state changed. */
export function publishWorktreeActivity(
  job: RunJob,
  state: "queued" | "running" | "idle",
  lastRunStatus: string | null = null,
): void {
  getEventHub().publish(repoTopic(job.repoId), {
    type: "worktree_activity",
    repoId: job.repoId,
    worktreePath: job.worktreePath,
    sessionId: job.sessionId,
    state,
    lastRunStatus,
  });
}
