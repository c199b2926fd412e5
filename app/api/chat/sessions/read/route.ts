import { z } from "zod";
import { markSessionRead } from "@/lib/chat/attention/worktree-activity.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";

const readSchema = z.object({ sessionId: z.string().uuid() });

// POST /api/chat/sessions/read – the user has seen this chat (clears the unread badge)
export const POST = withErrorHandling(async (request: Request) => {
  await markSessionRead(getRuntimeContext().db, await parseJsonBody(request, readSchema));
  return Response.json({ ok: true });
});
