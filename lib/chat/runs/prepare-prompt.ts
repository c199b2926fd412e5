import { scanWorktree } from "@/lib/git/read/scan-worktrees.ts";
import type { WorktreeScan } from "@/lib/git/types.ts";
import { assemblePrompt } from "@/lib/prompt/assemble-prompt.ts";
import type { Settings } from "@/lib/settings/settings-schema.ts";
import { buildPromptInput, type PromptSources } from "./build-prompt-input.ts";
import { storeRunPrompt } from "./run-prompt.ts";
import type { RunJob } from "./run-job.ts";

/**
 * Rescans git for the worktree and assembles the prompt, storing its receipt (what Claude was
 * told) and its text with the run before anything is sent. Throws AppError when git or the
 * settings fail.
 */
export async function preparePrompt(
  ctx: PromptSources,
  input: { job: RunJob; settings: Settings },
): Promise<{ text: string; scan: WorktreeScan }> {
  const { db } = ctx;
  const { job, settings } = input;
  const userMessage = await db.chatMessage.findUniqueOrThrow({ where: { id: job.userMessageId } });
  const scan = await scanWorktree({ worktreePath: job.worktreePath });
  const prompt = assemblePrompt(
    await buildPromptInput(ctx, {
      sessionId: job.sessionId,
      repoId: job.repoId,
      userMessageId: job.userMessageId,
      userMessage: userMessage.content,
      scan,
      budgetChars: settings.promptBudgetChars,
      ledgerMaxEntries: settings.ledgerPromptEntries,
    }),
  );
  await db.agentRun.update({
    where: { id: job.runId },
    data: {
      inputPromptDigest: prompt.digest,
      receipt: JSON.stringify({ ...prompt.receipt, sections: prompt.sections, digest: prompt.digest }),
    },
  });
  await storeRunPrompt(db, { runId: job.runId, sessionId: job.sessionId, text: prompt.text });
  return { text: prompt.text, scan };
}
