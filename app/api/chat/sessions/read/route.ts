import { z } from "zod";
import { markSessionRead } from "@/lib/chat/attention/worktree-activity.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { markNotificationsRead } from "@/lib/hook-policies/notifier.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";

const readSchema = z.object({ sessionId: z.string().uuid() });

// POST /api/chat/sessions/read – the user has seen this chat (clears the unread badge, and the bell's
// notifications of its worktree)
export const POST = withErrorHandling(async (request: Request) => {
  const ctx = getRuntimeContext();
  const worktreePath = await markSessionRead(ctx.db, await parseJsonBody(request, readSchema));
  if (worktreePath) await markNotificationsRead(ctx, { worktreePath });
  return Response.json({ ok: true });
});
