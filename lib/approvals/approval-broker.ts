import type { PermissionRequest } from "@/lib/agent/claude-conversation.ts";
import type { PermissionAnswer } from "@/lib/agent/control-messages.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { repoTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { NOTIFICATIONS_TOPIC } from "@/lib/realtime/event-hub.ts";
import type { RunEvent } from "@/lib/realtime/protocol.ts";
import type { RunEventLog } from "@/lib/realtime/run-event-log.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { toApprovalView } from "./approval-rows.ts";
import type { ApprovalDecision } from "./approval-types.ts";
import type { ApprovalRun, ApprovalWaiters } from "./approval-waiters.ts";
import { buildAnswer } from "./build-answer.ts";
import { alwaysRulesFor, approvalKindOf } from "./classify-request.ts";
import { buildFileChangePreview } from "./file-change-preview.ts";
import { saveRules } from "./permission-rules.ts";
import { saveWorktreeMode } from "./worktree-mode.ts";
import { listLocalRepoIds } from "@/lib/team/ownership.ts";

export type { ApprovalRun } from "./approval-waiters.ts";

/** What the broker touches: the database, the runs waiting for answers, and where it tells browsers. */
export interface ApprovalContext {
  db: Db;
  approvalWaiters: ApprovalWaiters;
  runEvents: RunEventLog;
  hub: EventHub;
}

/**
 * Stores a permission request, shows it to every browser watching the session (a sequenced run
 * event, so a reload replays it) and waits for the first answer. Unanswered after `timeoutMs` it
 * is denied with a message saying so. Resolves with what the CLI is sent.
 */
export async function askUser(
  ctx: ApprovalContext,
  input: { run: ApprovalRun; request: PermissionRequest; timeoutMs: number },
): Promise<PermissionAnswer> {
  const { db } = ctx;
  const { run, request } = input;
  const preview = await buildFileChangePreview({
    toolName: request.toolName,
    toolInput: request.input,
    worktreePath: run.worktreePath,
  }).catch(() => null);
  const row = await db.approvalRequest.create({
    data: {
      runId: run.runId,
      sessionId: run.sessionId,
      repoId: run.repoId,
      worktreePath: run.worktreePath,
      cliRequestId: request.requestId,
      kind: approvalKindOf(request.toolName),
      toolName: request.toolName,
      input: JSON.stringify(request.input),
      description: request.description,
      reason: request.decisionReason,
      suggestions: JSON.stringify(request.suggestions),
      blockedPath: request.blockedPath,
      toolUseId: request.toolUseId,
      preview: preview ? JSON.stringify(preview) : null,
      status: "pending",
      expiresAt: new Date(Date.now() + input.timeoutMs),
    },
  });
  return new Promise<PermissionAnswer>((resolve) => {
    const timer = setTimeout(() => void expire(ctx, row.id, input.timeoutMs), input.timeoutMs);
    timer.unref();
    ctx.approvalWaiters.set(row.id, { run, cliRequestId: request.requestId, resolve, timer });
    publishRunEvent(ctx, run, { kind: "approval_requested", approval: toApprovalView(row, request.askedAt) });
    publishActivity(ctx, run, "waiting");
  });
}

/**
 * The user's answer. The first answer wins: answering a request that was already answered,
 * timed out or withdrawn is refused (409, saying who answered and how); an unknown id is 404.
 * Nothing is changed by a refused answer.
 */
export async function answerApproval(
  ctx: ApprovalContext,
  input: { approvalId: string; decision: ApprovalDecision; by: string },
): Promise<ApprovalView> {
  const { db } = ctx;
  const row = await db.approvalRequest.findUnique({ where: { id: input.approvalId } });
  if (!row) {
    throw new AppError(
      "not_found",
      "This request no longer exists. Reload the chat to see what the agent is doing now.",
    );
  }
  const waiter = ctx.approvalWaiters.get(row.id);
  if (row.status !== "pending" || !waiter) {
    // Read again: the row above may predate the answer that settled the waiter (it is stored before
    // the waiter is released), and the loser must learn who answered.
    const latest = await db.approvalRequest.findUniqueOrThrow({ where: { id: row.id } });
    throw alreadyDecided(toApprovalView(latest));
  }
  const isTrusted = await isRepositoryTrusted(db, row.repoId);
  const built = buildAnswer({
    kind: approvalKindOf(row.toolName),
    toolName: row.toolName,
    toolInput: toApprovalView(row).input,
    alwaysRules: alwaysRulesFor({ toolName: row.toolName, suggestions: JSON.parse(row.suggestions) as unknown[] }),
    decision: input.decision,
    isTrusted,
  });
  // The conditional update is the lock: of two simultaneous answers only one changes the row.
  const { count } = await db.approvalRequest.updateMany({
    where: { id: row.id, status: "pending" },
    data: {
      status: built.status,
      answer: JSON.stringify({ decision: input.decision, outcome: built.outcome }),
      answeredBy: input.by,
      answeredAt: new Date(),
    },
  });
  if (count === 0) {
    const latest = await db.approvalRequest.findUniqueOrThrow({ where: { id: row.id } });
    throw alreadyDecided(toApprovalView(latest));
  }
  if (input.decision.action === "approve_plan") {
    // The CLI leaves plan mode for the rest of this run; the worktree's next runs continue in the
    // chosen mode too, as the header then says, instead of planning again.
    await saveWorktreeMode(db, {
      repoId: row.repoId,
      worktreePath: row.worktreePath,
      mode: input.decision.mode,
      isTrusted,
    });
    ctx.hub.publish(repoTopic(row.repoId), {
      type: "invalidate",
      queryKey: queryKeys.worktreeMode(row.repoId, row.worktreePath),
    });
  }
  if (input.decision.action === "allow_always") {
    await saveRules(db, {
      rules: built.rulesToSave,
      scope: input.decision.scope,
      repoId: row.repoId,
      worktreePath: row.worktreePath,
      approvalId: row.id,
    });
  }
  settle(ctx, {
    approvalId: row.id,
    answer: built.reply,
    status: built.status,
    answeredBy: input.by,
    outcome: built.outcome,
  });
  return toApprovalView(await db.approvalRequest.findUniqueOrThrow({ where: { id: row.id } }));
}

/** The CLI withdrew a request (an interrupt) or the run ended while it waited: the card closes. */
export async function closeApproval(
  ctx: ApprovalContext,
  input: { runId: string; cliRequestId: string; reason: "withdrawn" | "run_ended" },
): Promise<void> {
  const entry = [...ctx.approvalWaiters].find(
    ([, waiter]) => waiter.run.runId === input.runId && waiter.cliRequestId === input.cliRequestId,
  );
  if (!entry) return;
  const [approvalId] = entry;
  const status = input.reason === "withdrawn" ? "withdrawn" : "closed";
  const outcome = input.reason === "withdrawn" ? "Withdrawn: the run was stopped" : "Closed: the run ended";
  await ctx.db.approvalRequest.updateMany({
    where: { id: approvalId, status: "pending" },
    data: { status, answer: JSON.stringify({ outcome }), answeredAt: new Date() },
  });
  settle(ctx, {
    approvalId,
    answer: { behavior: "deny", message: "The run ended before the user answered." },
    status,
    answeredBy: null,
    outcome,
  });
}

/** Pending requests left by an earlier process: their runs are gone, so they are closed. */
export async function closeAbandonedApprovals(db: Db): Promise<number> {
  // Only this instance's: on a shared database the others' runs are still waiting for their answers.
  const repoIds = await listLocalRepoIds(db);
  const { count } = await db.approvalRequest.updateMany({
    where: { status: "pending", repoId: { in: repoIds } },
    data: { status: "closed", answer: JSON.stringify({ outcome: "Closed: Arbor restarted" }), answeredAt: new Date() },
  });
  return count;
}

async function expire(ctx: ApprovalContext, approvalId: string, timeoutMs: number): Promise<void> {
  const wait = timeoutMs >= 60_000 ? `${Math.round(timeoutMs / 60_000)} min` : `${Math.round(timeoutMs / 1000)} s`;
  const outcome = `No answer within ${wait}: denied`;
  const { count } = await ctx.db.approvalRequest.updateMany({
    where: { id: approvalId, status: "pending" },
    data: { status: "expired", answer: JSON.stringify({ outcome }), answeredAt: new Date() },
  });
  if (count === 0) return;
  settle(ctx, {
    approvalId,
    answer: {
      behavior: "deny",
      message: `Nobody answered within ${wait}, so Arbor denied this. Ask again when the user is back, or continue without it.`,
    },
    status: "expired",
    answeredBy: null,
    outcome,
  });
}

function settle(
  ctx: ApprovalContext,
  input: {
    approvalId: string;
    answer: PermissionAnswer;
    status: ApprovalView["status"];
    answeredBy: string | null;
    outcome: string;
  },
): void {
  const waiters = ctx.approvalWaiters;
  const waiter = waiters.get(input.approvalId);
  if (!waiter) return;
  waiters.delete(input.approvalId);
  clearTimeout(waiter.timer);
  waiter.resolve(input.answer);
  publishRunEvent(ctx, waiter.run, {
    kind: "approval_resolved",
    approvalId: input.approvalId,
    status: input.status,
    answeredBy: input.answeredBy,
    outcome: input.outcome,
  });
  const isStillWaiting = [...waiters.values()].some((other) => other.run.runId === waiter.run.runId);
  publishActivity(ctx, waiter.run, isStillWaiting ? "waiting" : "running");
}

function alreadyDecided(view: ApprovalView): AppError {
  const who = view.answeredBy ? ` by ${view.answeredBy}` : "";
  return new AppError(
    "conflict",
    `This request was already answered${who}: ${view.outcome ?? view.status}. Nothing was changed.`,
    {
      details: { approval: view },
    },
  );
}

function publishRunEvent(ctx: ApprovalContext, run: ApprovalRun, event: RunEvent): void {
  ctx.runEvents.publish({ sessionId: run.sessionId, runId: run.runId, event });
}

function publishActivity(ctx: ApprovalContext, run: ApprovalRun, state: "waiting" | "running"): void {
  // Every tab counts waiting requests (title, inbox), whatever repository it shows.
  ctx.hub.publish(NOTIFICATIONS_TOPIC, { type: "invalidate", queryKey: queryKeys.approvals() });
  ctx.hub.publish(repoTopic(run.repoId), {
    type: "worktree_activity",
    repoId: run.repoId,
    worktreePath: run.worktreePath,
    sessionId: run.sessionId,
    state,
    lastRunStatus: null,
  });
}
