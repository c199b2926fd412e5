import type { Db } from "@/lib/db/client.ts";
import type { LedgerPort } from "@/lib/ledger/ledger-port.ts";
import type { RunJob } from "./run-job.ts";

/**
 * The user's message of a run: what it states as a decision or a task becomes a proposal of the worktree's
 * ledger before the prompt is assembled, so no summary has to notice it. Never fails the run.
 */
export async function captureUserMessage({ db, ledger }: { db: Db; ledger: LedgerPort }, job: RunJob): Promise<void> {
  if (job.userMessageId === undefined || job.userMessageId === null) return;
  const message = await db.chatMessage.findUnique({ where: { id: job.userMessageId }, select: { content: true } });
  if (!message) return;
  await ledger.captureFromMessage({
    repoId: job.repoId,
    worktreePath: job.worktreePath,
    text: message.content,
    source: "user",
    sessionId: job.sessionId,
    messageId: job.userMessageId,
    originKey: `chat:${job.userMessageId}`,
  });
}

/**
 * The decisions Claude proposed in its answer (`<!-- [decision] … -->`, as the prompt's ledger block asks,
 * or an explicit "Decision:" / "TODO:") become proposals of the worktree's ledger, with the answer and the
 * run as provenance, before the next send is assembled. Never fails the run: a problem is logged.
 */
export async function recordAnswerDecisions(
  { db, ledger }: { db: Db; ledger: LedgerPort },
  input: { job: RunJob; assistantMessageId: number },
): Promise<void> {
  try {
    const message = await db.chatMessage.findUnique({
      where: { id: input.assistantMessageId },
      select: { content: true },
    });
    if (!message) return;
    await ledger.captureFromMessage({
      repoId: input.job.repoId,
      worktreePath: input.job.worktreePath,
      text: message.content,
      source: "answer",
      sessionId: input.job.sessionId,
      messageId: input.assistantMessageId,
      originKey: `chat:${input.assistantMessageId}`,
    });
    if (!message.content.includes("[decision]")) return;
    await ledger.recordDecisionTags({
      answer: message.content,
      repoId: input.job.repoId,
      worktreePath: input.job.worktreePath,
      originKey: `run:${input.job.runId}`,
      origin: "tag",
      sessionId: input.job.sessionId,
      messageId: input.assistantMessageId,
      runId: input.job.runId,
    });
  } catch (error) {
    console.error(`[arbor] recording the decisions of run ${input.job.runId} failed`, error);
  }
}
