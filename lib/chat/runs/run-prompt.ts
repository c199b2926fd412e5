import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";

/** The prompt text is kept for the newest runs of each conversation; older receipts keep their digest. */
export const KEPT_PROMPTS_PER_SESSION = 50;

/** Stores the text a run sends and forgets the text of the session's runs beyond the newest 50. */
export async function storeRunPrompt(db: Db, input: { runId: string; sessionId: string; text: string }): Promise<void> {
  await db.runPrompt.upsert({
    where: { runId: input.runId },
    create: { runId: input.runId, sessionId: input.sessionId, text: input.text },
    update: { text: input.text },
  });
  const kept = await db.runPrompt.findMany({
    where: { sessionId: input.sessionId },
    orderBy: { createdAt: "desc" },
    skip: KEPT_PROMPTS_PER_SESSION - 1,
    take: 1,
    select: { createdAt: true },
  });
  const oldestKept = kept[0]?.createdAt;
  if (oldestKept)
    await db.runPrompt.deleteMany({ where: { sessionId: input.sessionId, createdAt: { lt: oldestKept } } });
}

/** GET a run's prompt text ("Show the prompt" in the receipt). */
export async function readRunPrompt(db: Db, input: { runId: string }): Promise<{ text: string; digest: string }> {
  const run = await db.agentRun.findUnique({
    where: { id: input.runId },
    select: { inputPromptDigest: true, prompt: true },
  });
  if (!run) throw new AppError("not_found", "That run does not exist.");
  if (!run.prompt) {
    throw new AppError(
      "not_found",
      run.inputPromptDigest
        ? `Arbor keeps the prompt text of the newest ${KEPT_PROMPTS_PER_SESSION} sends of a conversation; this one is older. Its receipt still lists what it carried.`
        : "This run never sent a prompt (it ended before one was assembled).",
    );
  }
  return { text: run.prompt.text, digest: run.inputPromptDigest };
}
