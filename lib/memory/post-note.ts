import type { Db } from "@/lib/db/client.ts";
import { sessionTopic, type EventHub } from "@/lib/realtime/event-hub.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** A note from Arbor in the conversation (a system message: shown in the chat, never sent to Claude). */
export async function postNote(ctx: { db: Db; hub: EventHub }, sessionId: string, content: string): Promise<void> {
  await ctx.db.chatMessage.create({ data: { sessionId, role: "system", content } });
  ctx.hub.publish(sessionTopic(sessionId), { type: "invalidate", queryKey: queryKeys.messages(sessionId) });
}
