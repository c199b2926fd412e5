import type { PermissionRequest } from "@/lib/agent/claude-conversation.ts";
import type { PermissionAnswer } from "@/lib/agent/control-messages.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { ApprovalView } from "@/lib/realtime/approval-view.ts";
import { getEventHub, repoTopic } from "@/lib/realtime/event-hub.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { NOTIFICATIONS_TOPIC } from "@/lib/realtime/event-hub.ts";
import { getRunEventLog } from "@/lib/realtime/run-event-log.ts";
import { defineProcessState } from "@/lib/runtime/process-state.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { toApprovalView } from "./approval-rows.ts";
import type { ApprovalDecision } from "./approval-types.ts";
import { buildAnswer } from "./build-answer.ts";
import { alwaysRulesFor, approvalKindOf } from "./classify-request.ts";
import { buildFileChangePreview } from "./file-change-preview.ts";
import { saveRules } from "./permission-rules.ts";
import { listLocalRepoIds } from "@/lib/team/ownership.ts";

/** The run a request belongs to. */
export interface ApprovalRun {
  runId: string;
  sessionId: string;
  repoId: string;
  worktreePath: string;
}

interface Waiter {
  run: ApprovalRun;
  cliRequestId: string;
  resolve: (answer: PermissionAnswer) => void;
  timer: NodeJS.Timeout;
}

const waitersState = defineProcessState("approvalWaiters", () => new Map<string, Waiter>());

/**
 * Stores a permission request, shows it to every browser watching the session (a sequenced run
 * event, so a reload replays it) and waits for the first answer. Unanswered after `timeoutMs` it
 * is denied with a message saying so. Resolves with what the CLI is sent.
 */
export async function askUser(
  db: Db,
  input: { run: ApprovalRun; request: PermissionRequest; timeoutMs: number },
): Promise<PermissionAnswer> {
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
    const timer = setTimeout(() => void expire(db, row.id, input.timeoutMs), input.timeoutMs);
    timer.unref();
    waitersState.get().set(row.id, { run, cliRequestId: request.requestId, resolve, timer });
    publishRunEvent(run, { kind: "approval_requested", approval: toApprovalView(row, request.askedAt) });
    publishActivity(run, "waiting");
  });
}

/**
 * The user's answer. The first answer wins: answering a request that was already answered,
 * timed out or withdrawn is refused (409, saying who answered and how); an unknown id is 404.
 * Nothing is changed by a refused answer.
 */
export async function answerApproval(
  db: Db,
  input: { approvalId: string; decision: ApprovalDecision; by: string },
): Promise<ApprovalView> {
  const row = await db.approvalRequest.findUnique({ where: { id: input.approvalId } });
  if (!row) {
    throw new AppError(
      "not_found",
      "This request no longer exists. Reload the chat to see what the agent is doing now.",
    );
  }
  const waiter = waitersState.get().get(row.id);
  if (row.status !== "pending" || !waiter) {
    // Read again: the row above may predate the answer that settled the waiter (it is stored before
    // the waiter is released), and the loser must learn who answered.
    const latest = await db.approvalRequest.findUniqueOrThrow({ where: { id: row.id } });
    throw alreadyDecided(toApprovalView(latest));
  }
  const built = buildAnswer({
    kind: approvalKindOf(row.toolName),
    toolName: row.toolName,
    toolInput: toApprovalView(row).input,
    alwaysRules: alwaysRulesFor({ toolName: row.toolName, suggestions: JSON.parse(row.suggestions) as unknown[] }),
    decision: input.decision,
    isTrusted: await isRepositoryTrusted(db, row.repoId),
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
  if (input.decision.action === "allow_always") {
    await saveRules(db, {
      rules: built.rulesToSave,
      scope: input.decision.scope,
      repoId: row.repoId,
      worktreePath: row.worktreePath,
      approvalId: row.id,
    });
  }
  settle({
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
  db: Db,
  input: { runId: string; cliRequestId: string; reason: "withdrawn" | "run_ended" },
): Promise<void> {
  const entry = [...waitersState.get()].find(
    ([, waiter]) => waiter.run.runId === input.runId && waiter.cliRequestId === input.cliRequestId,
  );
  if (!entry) return;
  const [approvalId] = entry;
  const status = input.reason === "withdrawn" ? "withdrawn" : "closed";
  const outcome = input.reason === "withdrawn" ? "Withdrawn: the run was stopped" : "Closed: the run ended";
  await db.approvalRequest.updateMany({
    where: { id: approvalId, status: "pending" },
    data: { status, answer: JSON.stringify({ outcome }), answeredAt: new Date() },
  });
  settle({
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

async function expire(db: Db, approvalId: string, timeoutMs: number): Promise<void> {
  const wait = timeoutMs >= 60_000 ? `${Math.round(timeoutMs / 60_000)} min` : `${Math.round(timeoutMs / 1000)} s`;
  const outcome = `No answer within ${wait}: denied`;
  const { count } = await db.approvalRequest.updateMany({
    where: { id: approvalId, status: "pending" },
    data: { status: "expired", answer: JSON.stringify({ outcome }), answeredAt: new Date() },
  });
  if (count === 0) return;
  settle({
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

function settle(input: {
  approvalId: string;
  answer: PermissionAnswer;
  status: ApprovalView["status"];
  answeredBy: string | null;
  outcome: string;
}): void {
  const waiters = waitersState.get();
  const waiter = waiters.get(input.approvalId);
  if (!waiter) return;
  waiters.delete(input.approvalId);
  clearTimeout(waiter.timer);
  waiter.resolve(input.answer);
  publishRunEvent(waiter.run, {
    kind: "approval_resolved",
    approvalId: input.approvalId,
    status: input.status,
    answeredBy: input.answeredBy,
    outcome: input.outcome,
  });
  const isStillWaiting = [...waiters.values()].some((other) => other.run.runId === waiter.run.runId);
  publishActivity(waiter.run, isStillWaiting ? "waiting" : "running");
}

/** Requests still waiting in a worktree (for the worktree list's "waiting for you"). */
export function countWaiting(input: { repoId: string; worktreePath?: string }): number {
  return [...waitersState.get().values()].filter(
    (waiter) =>
      waiter.run.repoId === input.repoId &&
      (input.worktreePath === undefined || waiter.run.worktreePath === input.worktreePath),
  ).length;
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

function publishRunEvent(
  run: ApprovalRun,
  event: Parameters<ReturnType<typeof getRunEventLog>["publish"]>[0]["event"],
): void {
  getRunEventLog().publish({ sessionId: run.sessionId, runId: run.runId, event });
}

function publishActivity(run: ApprovalRun, state: "waiting" | "running"): void {
  // Every tab counts waiting requests (title, inbox), whatever repository it shows.
  getEventHub().publish(NOTIFICATIONS_TOPIC, { type: "invalidate", queryKey: queryKeys.approvals() });
  getEventHub().publish(repoTopic(run.repoId), {
    type: "worktree_activity",
    repoId: run.repoId,
    worktreePath: run.worktreePath,
    sessionId: run.sessionId,
    state,
    lastRunStatus: null,
  });
}
