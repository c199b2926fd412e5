import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getRunManager } from "@/lib/chat/runs/chat-runtime.ts";

/** Stops a running answer (its process group is killed; the partial answer is kept) or drops a queued one. */
export async function cancelRun(db: Db, input: { runId: string }): Promise<{ wasActive: boolean }> {
  const run = await db.agentRun.findUnique({ where: { id: input.runId }, select: { status: true } });
  if (!run) throw new AppError("not_found", "That run does not exist.");
  return { wasActive: getRunManager().cancel(input.runId) };
}
