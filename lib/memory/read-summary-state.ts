import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { isUpkeepRunning, type UpkeepRuns } from "./auto-upkeep.ts";
import { toSummaryView, type SummaryView } from "./summary-view.ts";

/** The session's latest summary (null before the first) and whether upkeep is working on it right now. */
export async function readSummaryState(
  ctx: { db: Db; upkeepRuns: UpkeepRuns },
  input: { sessionId: string },
): Promise<{ summary: SummaryView | null; isUpkeepRunning: boolean }> {
  const { db } = ctx;
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId }, select: { id: true } });
  if (!session) throw new AppError("not_found", "That conversation does not exist.");
  const summary = await db.chatSummary.findFirst({ where: { sessionId: session.id }, orderBy: { id: "desc" } });
  return {
    summary: summary ? toSummaryView(summary) : null,
    isUpkeepRunning: isUpkeepRunning(ctx.upkeepRuns, session.id),
  };
}
