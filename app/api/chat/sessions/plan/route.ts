import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { linkSessionToPlan } from "@/lib/plans/plans-store.ts";

const linkSchema = z.object({ sessionId: z.string().uuid(), planId: z.string().uuid().nullable() });

// POST /api/chat/sessions/plan – link a chat session to a plan (null unlinks)
export const POST = withErrorHandling(async (request: Request) => {
  await linkSessionToPlan(getDb(), await parseJsonBody(request, linkSchema));
  return Response.json({ ok: true });
});
