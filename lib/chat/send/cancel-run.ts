import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { RunManager } from "@/lib/chat/runs/run-manager.ts";

/** Stops a running answer (its process group is killed; the partial answer is kept) or drops a queued one. */
export async function cancelRun(
  ctx: { db: Db; runs: RunManager },
  input: { runId: string },
): Promise<{ wasActive: boolean }> {
  const run = await ctx.db.agentRun.findUnique({ where: { id: input.runId }, select: { status: true } });
  if (!run) throw new AppError("not_found", "That run does not exist.");
  return { wasActive: ctx.runs.cancel(input.runId) };
}
