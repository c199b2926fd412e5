import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { archiveSession } from "@/lib/chat/sessions/archive-session.ts";

const archiveSchema = z.object({ sessionId: z.string().uuid() });

// POST /api/chat/sessions/archive – make a session read-only; the next open starts a new one
export const POST = withErrorHandling(async (request: Request) => {
  await archiveSession(getDb(), await parseJsonBody(request, archiveSchema));
  return Response.json({ ok: true });
});
