import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { sessionTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import type { RunEventLog } from "@/lib/realtime/run-event-log.ts";
import { planPurge } from "./plan-purge.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";
import { findMemorySummary } from "./memory-summary.ts";

/**
 * "Lighten": archives messages that the latest summary covers and that are older than the
 * last `keepLastN`. They stay in the database (Show older pages through them) but leave the
 * chat and the prompts. Uncovered messages are never touched. Their runs' live events are forgotten
 * (`runEvents`) and the session's tabs told (`hub`).
 */
export async function purgeSession(
  ctx: { db: Db; runEvents: RunEventLog; hub: EventHub },
  input: { sessionId: string; keepLastN: number },
): Promise<{ archivedCount: number }> {
  const { db } = ctx;
  const session = await db.chatSession.findUnique({ where: { id: input.sessionId }, select: { id: true } });
  if (!session) throw new AppError("not_found", "That conversation does not exist.");
  const summary = await findMemorySummary(db, session.id);
  if (!summary) {
    throw new AppError(
      "conflict",
      "Summarize first: only messages covered by a summary the model wrote can be archived (a summary made without the model keeps them).",
    );
  }
  const working = await db.chatMessage.findMany({
    where: { sessionId: session.id, archivedAt: null },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const ids = planPurge({
    workingMessageIds: working.map((m) => m.id),
    coveredUntilMessageId: summary.coveredUntilMessageId,
    keepLastN: input.keepLastN,
  });
  if (ids.length === 0) return { archivedCount: 0 };
  // Re-check the covered bound in the statement itself so a concurrent change cannot widen it.
  const result = await db.chatMessage.updateMany({
    where: {
      id: { in: ids },
      sessionId: session.id,
      archivedAt: null,
      NOT: { id: { gt: summary.coveredUntilMessageId } },
    },
    data: { archivedAt: new Date() },
  });
  const archivedRuns = await db.chatMessage.findMany({
    where: { id: { in: ids }, sessionId: session.id, runId: { not: null } },
    select: { runId: true },
  });
  ctx.runEvents.forgetRuns(archivedRuns.map((message) => message.runId!));
  ctx.hub.publish(sessionTopic(session.id), { type: "invalidate", queryKey: queryKeys.messages(session.id) });
  return { archivedCount: result.count };
}
