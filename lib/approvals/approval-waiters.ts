import type { PermissionAnswer } from "@/lib/agent/control-messages.ts";

/** The run a request belongs to. */
export interface ApprovalRun {
  runId: string;
  sessionId: string;
  repoId: string;
  worktreePath: string;
}

/** A run waiting for the user's answer to one request. */
export interface ApprovalWaiter {
  run: ApprovalRun;
  cliRequestId: string;
  resolve: (answer: PermissionAnswer) => void;
  timer: NodeJS.Timeout;
}

/** Runs waiting for the user's answer, by approval id: one map per runtime context (lib/context). */
export type ApprovalWaiters = Map<string, ApprovalWaiter>;

export function createApprovalWaiters(): ApprovalWaiters {
  return new Map();
}

/** Requests still waiting in a worktree (for the worktree list's "waiting for you"). */
export function countWaiting(waiters: ApprovalWaiters, input: { repoId: string; worktreePath?: string }): number {
  return [...waiters.values()].filter(
    (waiter) =>
      waiter.run.repoId === input.repoId &&
      (input.worktreePath === undefined || waiter.run.worktreePath === input.worktreePath),
  ).length;
}
