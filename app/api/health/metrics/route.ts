import { z } from "zod";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { readProcessMetrics } from "@/lib/runtime/process-metrics.ts";

const querySchema = z.object({ reset: z.enum(["0", "1"]).optional() });

// GET /api/health/metrics?reset=1 – memory and event-loop delay of the server process
export const GET = withErrorHandling(async (request: Request) => {
  const { reset } = parseSearchParams(request, querySchema);
  return Response.json(readProcessMetrics({ reset: reset === "1" }));
});
