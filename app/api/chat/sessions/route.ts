import { z } from "zod";
import { openChatSession } from "@/lib/chat/open-session.ts";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";

const openSchema = z.object({ repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096) });

// POST /api/chat/sessions – the worktree's active chat session (created on first open)
export const POST = withErrorHandling(async (request: Request) => {
  const input = await parseJsonBody(request, openSchema);
  return Response.json({ session: await openChatSession(getDb(), input) });
});
