import type { RunOutcome } from "@/lib/agent/run-claude.ts";
import { markUserDenials, type DeniedApproval } from "./user-denials.ts";
import type { Db } from "@/lib/db/client.ts";
import type { HookPoliciesPort } from "@/lib/hook-policies/hook-policies-port.ts";
import type { RunEvent } from "@/lib/realtime/protocol.ts";
import type { ToolCallView } from "@/lib/realtime/chat-views.ts";
import { toMessageView, toRunView } from "@/lib/chat/to-views.ts";
import type { RunJob } from "./run-job.ts";

export type RunEnd =
  | {
      kind: "outcome";
      outcome: RunOutcome;
      toolCalls: ToolCallView[];
      /** Its checkpoints differ (files or HEAD); null when they could not both be written. */
      changedWorktree: boolean | null;
    }
  | { kind: "failed_before_start"; errorKind: string; message: string };

const MESSAGE_STATUS: Record<string, string> = {
  success: "complete",
  failed: "failed",
  cancelled: "cancelled",
  timed_out: "timed_out",
};

/**
 * Stores how a run ended: the assistant message (partial text kept when cancelled or
 * failed) and the run row with its result figures, then tells the browsers and the inbox.
 * Returns the final run status.
 */
export async function finishRun(
  { db, hookPolicies }: { db: Db; hookPolicies: HookPoliciesPort },
  input: {
    job: RunJob;
    assistantMessageId: number;
    startedAt: Date;
    outcome: RunEnd;
    publish: (event: RunEvent) => void;
  },
): Promise<string> {
  const finishedAt = new Date();
  const fields =
    input.outcome.kind === "outcome"
      ? fieldsFromOutcome(input.outcome, await readDeniedApprovals(db, input.job.runId))
      : fieldsFromEarlyFailure(input.outcome);
  // The stored answer and run, as the updates return them, go out with the `finished` event.
  const [assistantMessage, run] = await db.$transaction([
    db.chatMessage.update({
      where: { id: input.assistantMessageId },
      data: { content: fields.text, status: MESSAGE_STATUS[fields.status] ?? "failed" },
    }),
    db.agentRun.update({
      where: { id: input.job.runId },
      data: {
        ...fields.run,
        status: fields.status,
        finishedAt,
        durationMs: fields.run.durationMs ?? finishedAt.getTime() - input.startedAt.getTime(),
      },
    }),
    db.chatSession.update({ where: { id: input.job.sessionId }, data: { lastUsedAt: finishedAt } }),
  ]);
  input.publish({
    kind: "finished",
    status: fields.status,
    errorKind: fields.run.errorKind ?? null,
    userMessage: fields.run.errorMessage ?? null,
    assistantMessageId: input.assistantMessageId,
    assistantMessage: toMessageView(assistantMessage, run),
    run: toRunView(run),
  });
  // The inbox and the desktop hear how it ended; a failure to notify never changes the run's outcome.
  await hookPolicies
    .notifyRunOutcome({
      runId: input.job.runId,
      repoId: input.job.repoId,
      worktreePath: input.job.worktreePath,
      sessionId: input.job.sessionId,
      status: fields.status,
      answer: fields.text,
      errorMessage: fields.run.errorMessage ?? null,
    })
    .catch((error: unknown) => console.error("[arbor] notifying a run's outcome failed", error));
  return fields.status;
}

/** The run's cards the user answered with Deny: their refusals are decisions, not failures. */
function readDeniedApprovals(db: Db, runId: string): Promise<DeniedApproval[]> {
  return db.approvalRequest.findMany({
    where: { runId, status: "denied" },
    select: { toolUseId: true, toolName: true, input: true, answer: true },
  });
}

function fieldsFromOutcome(end: Extract<RunEnd, { kind: "outcome" }>, denied: DeniedApproval[]) {
  const { outcome } = end;
  const result = outcome.result;
  const isSuccess = outcome.status === "success";
  return {
    status: outcome.status as string,
    text: outcome.text || (isSuccess ? (result?.text ?? "") : ""),
    run: {
      errorKind: outcome.errorKind,
      errorMessage: isSuccess ? null : outcome.userMessage,
      exitCode: outcome.exitCode,
      stdoutSnippet: outcome.stdoutSnippet,
      stderrSnippet: outcome.stderrSnippet,
      model: result?.models[0] ?? null,
      costUsd: result?.costUsd ?? null,
      inputTokens: result?.usage.inputTokens ?? null,
      outputTokens: result?.usage.outputTokens ?? null,
      numTurns: result?.numTurns ?? null,
      durationMs: result?.durationMs ?? null,
      permissionDenials: JSON.stringify(markUserDenials(result?.permissionDenials ?? [], denied)),
      toolCalls: JSON.stringify(end.toolCalls),
      changedWorktree: end.changedWorktree,
    },
  };
}

function fieldsFromEarlyFailure(end: Extract<RunEnd, { kind: "failed_before_start" }>) {
  return {
    status: "failed",
    text: "",
    run: { errorKind: end.errorKind, errorMessage: end.message, durationMs: null as number | null },
  };
}
