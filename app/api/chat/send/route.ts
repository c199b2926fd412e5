import { z } from "zod";
import { acceptChatMessage } from "@/lib/chat/send/send-message.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

/** Transport limit; the configurable message limit (Settings) is checked with a clearer 413. */
const MAX_SEND_BODY_BYTES = 12 * 1024 * 1024;
const sendSchema = z.object({ sessionId: z.string().uuid(), userMessage: z.string() });

// POST /api/chat/send – store the message and queue its run; 202 at once, the answer streams over the WebSocket.
// Another instance's worktree: its owner stores and runs it, and this instance streams it from the shared rows.
export const POST = withLocalRepo(
  {
    body: sendSchema,
    maxBodyBytes: MAX_SEND_BODY_BYTES,
    repo: ({ body }) => ({ sessionId: body.sessionId }),
    forward: ({ body }) => ({ kind: "send", ...body }),
  },
  async ({ ctx, body }) => Response.json(await acceptChatMessage(ctx, body), { status: 202 }),
);
