import type { Db } from "@/lib/db/client.ts";
import { getEventHub, sessionTopic } from "@/lib/realtime/event-hub.ts";
import { queryKeys } from "@/lib/realtime/query-keys.ts";

/** A note from Arbor in the conversation (a system message: shown in the chat, never sent to Claude). */
export async function postNote(db: Db, sessionId: string, content: string): Promise<void> {
  await db.chatMessage.create({ data: { sessionId, role: "system", content } });
  getEventHub().publish(sessionTopic(sessionId), { type: "invalidate", queryKey: queryKeys.messages(sessionId) });
}
