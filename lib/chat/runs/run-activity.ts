import type { Db } from "@/lib/db/client.ts";
import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import type { RunJob } from "./run-job.ts";

/**
 * Tells browsers watching the repository that a worktree's agent state changed; a run that starts
 * carries its start, so the control room's elapsed time counts from it without asking the server.
 */
export function publishWorktreeActivity(
  hub: EventHub,
  job: RunJob,
  state: "queued" | "running" | "idle",
  lastRunStatus: string | null = null,
): void {
  hub.publish(repoTopic(job.repoId), {
    type: "worktree_activity",
    repoId: job.repoId,
    worktreePath: job.worktreePath,
    sessionId: job.sessionId,
    state,
    lastRunStatus,
    ...(state === "running"
      ? { lastRun: { status: "running", startedAt: new Date().toISOString(), finishedAt: null, errorMessage: null } }
      : {}),
  });
}

/**
 * The worktree is idle again after a run: the message carries the run as the attention view and the
 * worktree list show it (unread, when and how it ended, the conversation's cost so far), so a tab
 * updates them without asking the server.
 */
export async function publishWorktreeIdle(
  ctx: { db: Db; hub: EventHub },
  job: RunJob,
  lastRunStatus: string,
): Promise<void> {
  const [run, cost] = await Promise.all([
    ctx.db.agentRun
      .findUnique({
        where: { id: job.runId },
        select: { status: true, startedAt: true, finishedAt: true, errorMessage: true },
      })
      .catch(() => null),
    ctx.db.agentRun
      .aggregate({ where: { sessionId: job.sessionId, costUsd: { not: null } }, _sum: { costUsd: true } })
      .catch(() => null),
  ]);
  ctx.hub.publish(repoTopic(job.repoId), {
    type: "worktree_activity",
    repoId: job.repoId,
    worktreePath: job.worktreePath,
    sessionId: job.sessionId,
    state: "idle",
    lastRunStatus,
    hasUnread: true,
    lastRun: run
      ? {
          status: run.status,
          startedAt: run.startedAt?.toISOString() ?? null,
          finishedAt: run.finishedAt?.toISOString() ?? null,
          errorMessage: run.errorMessage,
        }
      : null,
    ...(cost ? { costUsd: cost._sum.costUsd } : {}),
  });
}
