import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { summarizeSession } from "@/lib/memory/summarize-session.ts";

const summarizeSchema = z.object({ sessionId: z.string().uuid() });

// POST /api/chat/summarize – roll the new messages into the session's summary (extractive fallback)
export const POST = withErrorHandling(async (request: Request) => {
  return Response.json({ summary: await summarizeSession(getDb(), await parseJsonBody(request, summarizeSchema)) });
});
