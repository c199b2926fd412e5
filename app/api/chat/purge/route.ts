import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { purgeSession } from "@/lib/memory/purge-session.ts";

const purgeSchema = z.object({ sessionId: z.string().uuid(), keepLastN: z.number().int().min(0).max(10_000) });

// POST /api/chat/purge – "Lighten": archive summarized messages older than the last keepLastN
export const POST = withErrorHandling(async (request: Request) => {
  return Response.json(await purgeSession(getDb(), await parseJsonBody(request, purgeSchema)));
});
