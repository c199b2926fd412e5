import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { toSummaryView } from "@/lib/memory/summary-view.ts";

const querySchema = z.object({ sessionId: z.string().uuid() });

// GET /api/chat/summary?sessionId=… – the session's latest summary (null when none yet)
export const GET = withErrorHandling(async (request: Request) => {
  const { sessionId } = parseSearchParams(request, querySchema);
  const summary = await getDb().chatSummary.findFirst({ where: { sessionId }, orderBy: { id: "desc" } });
  return Response.json({ summary: summary ? toSummaryView(summary) : null });
});
