import { existsSync } from "node:fs";
import type { ApprovalsPort } from "@/lib/approvals/approvals-port.ts";
import type { ChecksPort } from "@/lib/checks/run/checks-port.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { getCachedSettings, type SettingsParts } from "@/lib/settings/settings-store.ts";
import type { MessageView, RunView } from "@/lib/realtime/chat-views.ts";
import { queueRun, submitRun, type QueueContext } from "@/lib/chat/runs/chat-runtime.ts";
import type { RunJobResult } from "@/lib/chat/runs/run-job.ts";
import { toMessageView, toRunView } from "@/lib/chat/to-views.ts";
import type { ToolRule } from "@/lib/realtime/approval-view.ts";

/** What a send touches: the database, the run manager, and the checks (the user speaking restarts their auto-fix). */
export interface SendContext extends QueueContext {
  repoChecks: ChecksPort;
}

/** A retry also asks the approvals which refused tools may be allowed ("Allow and retry"). */
type RetryContext = QueueContext & { approvals: ApprovalsPort };

export interface SendResult {
  userMessage: MessageView;
  assistantMessage: MessageView | null;
  run: RunView;
  updatedScan: WorktreeScan | null;
}

/** What a send answers at once: the stored message and its run, queued. The answer streams over the WebSocket. */
export interface AcceptedSend {
  userMessage: MessageView;
  run: RunView;
}

/**
 * Accepts a user message: it is stored first (never lost, whatever happens next), then a run is queued for
 * the worktree; resolves as soon as the run is queued. The browser follows the run over the WebSocket,
 * whose run events replay on reconnect; an API client can wait for its end (GET /api/chat/runs/<id>?wait=1).
 * The user speaking restarts the count of automatic fixes; a message Arbor sends by itself (`isAutomatic`) does not.
 */
export async function acceptChatMessage(
  ctx: SendContext,
  input: { sessionId: string; userMessage: string; isAutomatic?: boolean },
): Promise<AcceptedSend> {
  return leaveRunning(await queueChatMessage(ctx, input));
}

/** A send whose end nobody awaits: a failure is the run's (stored on its row, told over the WebSocket). */
function leaveRunning({ finished, ...accepted }: AcceptedSend & { finished: Promise<RunJobResult> }): AcceptedSend {
  finished.catch((error: unknown) => console.error(`[arbor] run ${accepted.run.id} failed unexpectedly`, error));
  return accepted;
}

/**
 * acceptChatMessage with the run's end to await, for Arbor's own sends that act on the outcome (a
 * plan's agents): the caller handles a failure of `finished`.
 */
export async function queueChatMessage(
  ctx: SendContext,
  input: { sessionId: string; userMessage: string; isAutomatic?: boolean },
): Promise<AcceptedSend & { finished: Promise<RunJobResult> }> {
  const { session, userMessageId } = await storeUserMessage(ctx, input);
  if (!input.isAutomatic) await ctx.repoChecks.restartAutoFix(session);
  return queueForUserMessage(ctx, { session, userMessageId });
}

/** Accepts a retry of an earlier run's user message (see retryRun), answering once the new run is queued. */
export async function acceptRetry(
  ctx: RetryContext,
  input: { runId: string; allowTools?: ToolRule[] },
): Promise<AcceptedSend> {
  const { session, userMessageId, extraAllowedTools } = await prepareRetry(ctx, input);
  return leaveRunning(await queueForUserMessage(ctx, { session, userMessageId, extraAllowedTools }));
}

async function queueForUserMessage(
  ctx: QueueContext,
  input: {
    session: { id: string; repoId: string; worktreePath: string };
    userMessageId: number;
    extraAllowedTools?: string[];
  },
): Promise<AcceptedSend & { finished: Promise<RunJobResult> }> {
  const { runId, finished } = await queueRun(ctx, {
    sessionId: input.session.id,
    repoId: input.session.repoId,
    worktreePath: input.session.worktreePath,
    userMessageId: input.userMessageId,
    ...(input.extraAllowedTools?.length ? { extraAllowedTools: input.extraAllowedTools } : {}),
  });
  const [userMessage, run] = await Promise.all([
    ctx.db.chatMessage.findUniqueOrThrow({ where: { id: input.userMessageId } }),
    ctx.db.agentRun.findUniqueOrThrow({ where: { id: runId } }),
  ]);
  return { userMessage: toMessageView(userMessage, null), run: toRunView(run), finished };
}

/**
 * A message Arbor sends on the user's behalf ("Ask Claude to resolve"): stored first (never lost,
 * whatever happens next), resolves once its run is queued, with the run's end to await.
 */
export async function startChatMessage(
  ctx: QueueContext,
  input: { sessionId: string; userMessage: string },
): Promise<{ userMessageId: number; finished: Promise<SendResult> }> {
  const { session, userMessageId } = await storeUserMessage(ctx, input);
  return { userMessageId, finished: runForUserMessage(ctx, { session, userMessageId }) };
}

/**
 * Throws what is wrong with a message before anything is stored or made for it: empty, or longer than
 * Settings allow (payload_too_large, with the limit and what to do).
 */
export async function checkUserMessage(parts: SettingsParts, userMessage: string): Promise<void> {
  const settings = await getCachedSettings(parts);
  if (userMessage.trim() === "") throw new AppError("invalid_input", "The message is empty. Type something to send.");
  const bytes = Buffer.byteLength(userMessage, "utf8");
  if (bytes > settings.maxMessageBytes) {
    throw new AppError(
      "payload_too_large",
      `The message is ${bytes} bytes; the limit is ${settings.maxMessageBytes} bytes. Shorten it, or raise "max message bytes" in Settings.`,
      { details: { limitBytes: settings.maxMessageBytes, bytes } },
    );
  }
}

/** Checks and stores a user message of an active conversation. */
async function storeUserMessage(
  { db, settingsCache }: SettingsParts,
  input: { sessionId: string; userMessage: string },
) {
  await checkUserMessage({ db, settingsCache }, input.userMessage);
  const session = await findActiveSession(db, input.sessionId);
  const userMessage = await db.chatMessage.create({
    data: { sessionId: session.id, role: "user", content: input.userMessage },
  });
  return { session, userMessageId: userMessage.id };
}

/** The earlier run's user message and the tools to allow for the new run only, checked. */
async function prepareRetry({ db, approvals }: RetryContext, input: { runId: string; allowTools?: ToolRule[] }) {
  const run = await db.agentRun.findUnique({ where: { id: input.runId } });
  if (!run?.userMessageId) throw new AppError("not_found", "That run does not exist any more. Send the message again.");
  if (run.status === "running" || run.status === "queued")
    throw new AppError("conflict", "That run is still going; wait for it or stop it first.");
  const session = await findActiveSession(db, run.sessionId);
  const extraAllowedTools = approvals.retryAllowedTools(input.allowTools ?? []);
  return { session, userMessageId: run.userMessageId, extraAllowedTools };
}

async function runForUserMessage(
  ctx: QueueContext,
  input: {
    session: { id: string; repoId: string; worktreePath: string };
    userMessageId: number;
    extraAllowedTools?: string[];
  },
): Promise<SendResult> {
  const { db } = ctx;
  const result = await submitRun(ctx, {
    sessionId: input.session.id,
    repoId: input.session.repoId,
    worktreePath: input.session.worktreePath,
    userMessageId: input.userMessageId,
    ...(input.extraAllowedTools?.length ? { extraAllowedTools: input.extraAllowedTools } : {}),
  });
  const [userMessage, assistantMessage, run] = await Promise.all([
    db.chatMessage.findUniqueOrThrow({ where: { id: input.userMessageId } }),
    result.assistantMessageId ? db.chatMessage.findUnique({ where: { id: result.assistantMessageId } }) : null,
    db.agentRun.findUniqueOrThrow({ where: { id: result.runId } }),
  ]);
  return {
    userMessage: toMessageView(userMessage, null),
    assistantMessage: assistantMessage ? toMessageView(assistantMessage, run) : null,
    run: toRunView(run),
    updatedScan: result.scan ?? null,
  };
}

async function findActiveSession(db: Db, sessionId: string) {
  const session = await db.chatSession.findUnique({ where: { id: sessionId } });
  if (!session)
    throw new AppError("not_found", "That conversation does not exist. Open the worktree again from the list.");
  if (session.status !== "active")
    throw new AppError(
      "conflict",
      existsSync(session.worktreePath)
        ? "This conversation is archived and read-only. Open the worktree to start a new one."
        : `This conversation is read-only: its worktree ${session.worktreePath} was removed. Start new work from the worktree list (New worktree… or New task…).`,
    );
  return session;
}
