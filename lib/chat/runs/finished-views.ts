import type { Db } from "@/lib/db/client.ts";
import type { MessageView, RunView } from "@/lib/realtime/chat-views.ts";
import { toMessageView, toRunView } from "@/lib/chat/to-views.ts";

/**
 * The stored answer and run of a run that just ended, as the `finished` run event carries them: a tab puts
 * them in its cache and asks the server nothing more.
 */
export async function readFinishedViews(
  db: Db,
  input: { runId: string; assistantMessageId: number | null },
): Promise<{ assistantMessage: MessageView | null; run: RunView } | Record<string, never>> {
  const run = await db.agentRun.findUnique({ where: { id: input.runId } });
  if (!run) return {};
  const message =
    input.assistantMessageId === null
      ? null
      : await db.chatMessage.findUnique({ where: { id: input.assistantMessageId } });
  return { assistantMessage: message ? toMessageView(message, run) : null, run: toRunView(run) };
}
