import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { readSummaryState } from "@/lib/memory/read-summary-state.ts";

const querySchema = z.object({ sessionId: z.string().uuid() });

// GET /api/chat/summary?sessionId=… – the session's latest summary (null when none yet) and whether upkeep runs
export const GET = withErrorHandling(async (request: Request) => {
  const { sessionId } = parseSearchParams(request, querySchema);
  return Response.json(await readSummaryState(getRuntimeContext(), { sessionId }));
});
