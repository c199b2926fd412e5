import { saveWorktreeMode } from "@/lib/approvals/worktree-mode.ts";
import { queueChatMessage } from "@/lib/chat/send/send-message.ts";
import { openChatSession } from "@/lib/chat/sessions/open-session.ts";
import type { Db } from "@/lib/db/client.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import type { NodeEvent } from "@/lib/plans/run/node-events.ts";
import type { Dispatch } from "@/lib/plans/run/plan-next-dispatches.ts";
import type { PlanRunNode, RunPurpose } from "@/lib/plans/run/plan-run.ts";
import type { NodeWork, PlanPermissionMode } from "@/lib/plans/run/plan-run-record.ts";
import { questionInAnswer } from "@/lib/plans/run/plan-run-view.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { buildResolvePrompt } from "@/lib/worktrees/conflicts/resolve-prompt.ts";
import type { NodeClone } from "@/lib/worktrees/create/create-node-branch.ts";
import { nodeFirstMessage, prepareNodeTask } from "@/lib/worktrees/create/start-node-task.ts";
import { previewLanding } from "@/lib/worktrees/land/land-preview.ts";
import { findStartedNodeWorktree, hasUserMessages } from "./find-started-node.ts";
import type { PlanRunsContext } from "./plan-runs-context.ts";

/** The first message of a run that goes on with a node's work (after a restart, a failure, a stop). */
export const CONTINUE_MESSAGE =
  "Go on with this task where you left off. Your last run was cut short: look at what is already done in this worktree first, then finish the task.";

/** The first message of a plan run's agent in a worktree whose agent was started by hand. */
export const TAKE_OVER_MESSAGE =
  "This task is now part of the plan's run. Look at what is already done in this worktree first, then finish the task.";

/** A launched run: the node's work as it now is, and the event its end brings (run_ended, failed…). */
export interface LaunchedRun {
  work: NodeWork;
  ended: Promise<NodeEvent>;
}

/**
 * Starts the agent run a dispatch asks for. The first run makes the node's branch and worktree
 * (from the base, or the parent's branch for stacked work), or takes over the worktree its agent
 * was started in by hand (telling it to go on), opens its conversation in the plan's
 * permission mode and sends the node's spec; later runs send, in the same conversation, what the
 * purpose needs: the failing checks, the conflict to resolve, or "go on". A failure to start
 * rejects, with the message the node shows.
 */
export async function launchNodeRun(
  ctx: PlanRunsContext,
  input: {
    planId: string;
    repoId: string;
    node: PlanRunNode;
    work: NodeWork;
    dispatch: Dispatch;
    permissionMode: PlanPermissionMode;
    /** For Sandboxed: the domains its agents may reach. */
    allowedDomains: string[];
    parentSessionId: string | null;
    /** The user's answer to a question the agent's last answer asked: sent as is. */
    message: string | null;
    /** On a runner: the node's worktree is made in its own clone, from the base fetched from the remote. */
    clone?: NodeClone;
    onWork: (work: NodeWork) => Promise<void>;
  },
): Promise<LaunchedRun> {
  let work = input.work;
  let userMessage: string;
  if (work.sessionId === null || work.worktreePath === null) {
    const task = {
      planId: input.planId,
      slug: input.node.slug,
      from: input.dispatch.branchFrom.kind === "parent_branch" ? ("parent_branch" as const) : ("base" as const),
      spec: input.node.spec,
      parentOutcome: input.parentSessionId ? await lastAnswer(ctx.db, input.parentSessionId) : null,
      ...(input.clone ? { clone: input.clone } : {}),
    };
    // A node whose agent was started by hand: its worktree and conversation are taken over.
    const started = await findStartedNodeWorktree(ctx.db, { repoId: input.repoId, slug: input.node.slug });
    const prepared = started
      ? { ...(await nodeFirstMessage(ctx, task)), created: started }
      : await prepareNodeTask(ctx, task);
    const { worktreePath, branch } = prepared.created;
    await saveWorktreeMode(ctx.db, {
      repoId: input.repoId,
      worktreePath,
      // Sandboxed: file edits in the worktree and sandboxed commands go ahead; anything else still asks.
      mode: input.permissionMode === "default" ? "default" : "acceptEdits",
      isTrusted: await isRepositoryTrusted(ctx.db, input.repoId),
      ...(input.permissionMode === "sandboxed" ? { sandbox: { allowedDomains: input.allowedDomains } } : {}),
    });
    const session = await openChatSession(ctx, { repoId: input.repoId, worktreePath });
    const isUnderWay = started !== null && (await hasUserMessages(ctx.db, session.id));
    work = { ...work, branch, worktreePath, sessionId: session.id };
    // Kept before the send: a crash from here on finds the worktree and conversation again.
    await input.onWork(work);
    userMessage = isUnderWay
      ? `${prepared.userMessage}\n\n${TAKE_OVER_MESSAGE}`
      : input.dispatch.purpose === "spec"
        ? prepared.userMessage
        : `${prepared.userMessage}\n\n${CONTINUE_MESSAGE}`;
  } else if (input.message !== null) {
    userMessage = input.message;
  } else {
    userMessage = await followUpMessage(ctx, {
      repoId: input.repoId,
      worktreePath: work.worktreePath,
      purpose: input.dispatch.purpose,
    });
  }
  const accepted = await queueChatMessage(ctx, {
    sessionId: work.sessionId!,
    userMessage,
    isAutomatic: input.message === null,
  });
  work = {
    ...work,
    runs: [
      ...work.runs,
      { runId: accepted.run.id, purpose: input.dispatch.purpose, startedAt: new Date().toISOString() },
    ],
  };
  await input.onWork(work);
  return {
    work,
    ended: accepted.finished.then(
      (result) => endEvent(ctx.db, result),
      (error: unknown) => ({ type: "failed", message: errorMessage(error) }),
    ),
  };
}

async function followUpMessage(
  ctx: PlanRunsContext,
  input: { repoId: string; worktreePath: string; purpose: RunPurpose },
): Promise<string> {
  const ref = { repoId: input.repoId, worktreePath: input.worktreePath };
  if (input.purpose === "fix_checks") {
    return (
      (await ctx.repoChecks.fixMessage(ref)) ??
      "The repository's checks failed on this branch. Run them, fix what fails, and commit the fix."
    );
  }
  if (input.purpose === "resolve_conflict") {
    const preview = await previewLanding(ctx, ref);
    if (preview.status === "conflicts") return buildResolvePrompt(preview);
  }
  return CONTINUE_MESSAGE;
}

/** What a finished run means for its node: checked next, a question for the user, stopped or failed. */
async function endEvent(
  db: Db,
  result: { status: string; assistantMessageId: number | null; runId: string },
): Promise<NodeEvent> {
  if (result.status === "success") {
    const answer = result.assistantMessageId
      ? await db.chatMessage.findUnique({ where: { id: result.assistantMessageId }, select: { content: true } })
      : null;
    return { type: "run_ended", question: questionInAnswer(answer?.content ?? null) };
  }
  if (result.status === "cancelled") return { type: "stop" };
  if (result.status === "interrupted") return { type: "interrupted_by_restart" };
  const run = await db.agentRun.findUnique({ where: { id: result.runId }, select: { errorMessage: true } });
  return {
    type: "failed",
    message: `its agent's run ${result.status === "timed_out" ? "timed out" : "failed"}${run?.errorMessage ? `: ${run.errorMessage}` : ""}`,
  };
}

async function lastAnswer(db: Db, sessionId: string): Promise<string | null> {
  const message = await db.chatMessage.findFirst({
    where: { sessionId, role: "assistant", status: "complete" },
    orderBy: { id: "desc" },
    select: { content: true },
  });
  return message?.content ?? null;
}

export function errorMessage(error: unknown): string {
  // A plan picks the folder itself: the user can only clear the way.
  if (isAppError(error) && error.details?.problem === "path_exists") {
    return `${String(error.details.worktreePath)} already exists, and it is not this node's worktree. Move or remove that folder, then Retry the node.`;
  }
  // A worktree on the branch would have been taken over (a node started by hand); a bare branch is not.
  if (isAppError(error) && error.details?.problem === "branch_exists") {
    return `Branch ${String(error.details.branch)} already exists, and no worktree has it. Check it out in a worktree of its own (the run takes that over), or delete the branch, then Retry the node.`;
  }
  if (isAppError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}
