import { z } from "zod";
import { sendChatMessage } from "@/lib/chat/send/send-message.ts";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";

/** Transport limit; the configurable message limit (Settings) is checked with a clearer 413. */
const MAX_SEND_BODY_BYTES = 12 * 1024 * 1024;
const sendSchema = z.object({ sessionId: z.string().uuid(), userMessage: z.string() });

// POST /api/chat/send – store the message, run claude in the worktree, answer when the run ends
export const POST = withErrorHandling(async (request: Request) => {
  const input = await parseJsonBody(request, sendSchema, { maxBytes: MAX_SEND_BODY_BYTES });
  return Response.json(await sendChatMessage(getDb(), input));
});
