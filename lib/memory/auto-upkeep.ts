import type { Db } from "@/lib/db/client.ts";
import { getEventHub, sessionTopic } from "@/lib/realtime/event-hub.ts";
import { readSettings } from "@/lib/settings/settings-store.ts";
import { purgeSession } from "./purge-session.ts";
import { summarizeSession } from "./summarize-session.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/**
 * After a run: when the working history passes the configured message count or size, summarize
 * and then lighten to the last N messages, leaving a visible note in the chat. Runs in the
 * background; failures are noted in the chat, never thrown at the run that triggered it.
 */
export async function runAutoUpkeep(db: Db, input: { sessionId: string }): Promise<"skipped" | "done" | "failed"> {
  const settings = await readSettings(db);
  if (!settings.autoUpkeep) return "skipped";
  const stats = await db.chatMessage.aggregate({
    where: { sessionId: input.sessionId, archivedAt: null },
    _count: { id: true },
  });
  const count = stats._count.id;
  const size = count >= settings.upkeepMessageThreshold ? 0 : await workingSize(db, input.sessionId);
  if (count < settings.upkeepMessageThreshold && size < settings.upkeepCharThreshold) return "skipped";
  try {
    const summary = await summarizeSession(db, { sessionId: input.sessionId });
    const { archivedCount } = await purgeSession(db, {
      sessionId: input.sessionId,
      keepLastN: settings.upkeepKeepLastN,
    });
    await note(
      db,
      input.sessionId,
      `Arbor summarized this conversation (summary #${summary.id}${summary.kind === "extractive" ? ", extractive fallback" : ""}) and archived ${archivedCount} older messages; "Show older" still shows them.`,
    );
    return "done";
  } catch (error) {
    await note(db, input.sessionId, `Automatic summary failed: ${(error as Error).message}. Nothing was archived.`);
    return "failed";
  }
}

async function workingSize(db: Db, sessionId: string): Promise<number> {
  const rows = await db.$queryRaw<Array<{ size: bigint | number | string | null }>>`
    SELECT SUM(LENGTH(content)) AS size FROM chat_messages WHERE session_id = ${sessionId} AND archived_at IS NULL`;
  return Number(rows[0]?.size ?? 0);
}

async function note(db: Db, sessionId: string, content: string): Promise<void> {
  await db.chatMessage.create({ data: { sessionId, role: "system", content } });
  getEventHub().publish(sessionTopic(sessionId), { type: "invalidate", queryKey: queryKeys.messages(sessionId) });
}
