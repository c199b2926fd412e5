import type { Db } from "@/lib/db/client.ts";
import { recordDecisionTags } from "@/lib/ledger/record-decision-tags.ts";
import type { RunJob } from "./run-job.ts";

/**
 * The decisions Claude recorded in its answer (`<!-- [decision] … -->`, as the prompt's ledger block
 * asks) become decisions of the worktree's ledger, with the answer and the run as provenance, before
 * the next send is assembled. Never fails the run: a problem is logged.
 */
export async function recordAnswerDecisions(db: Db, input: { job: RunJob; assistantMessageId: number }): Promise<void> {
  try {
    const message = await db.chatMessage.findUnique({
      where: { id: input.assistantMessageId },
      select: { content: true },
    });
    if (!message?.content.includes("[decision]")) return;
    await recordDecisionTags(db, {
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
