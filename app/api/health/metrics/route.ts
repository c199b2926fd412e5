import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { readProcessMetrics } from "@/lib/runtime/process-metrics.ts";
import { readTeamLatencies } from "@/lib/team/team-feed.ts";

const querySchema = z.object({ reset: z.enum(["0", "1"]).optional(), gc: z.enum(["0", "1"]).optional() });

// GET /api/health/metrics?reset=1&gc=1 – memory and event-loop delay of the server process
// (gc=1 collects garbage first when the server runs with --expose-gc, as the load bench starts it), and in team
// mode how long the other instances' notices took to arrive
export const GET = withErrorHandling((request: Request) => {
  const { reset, gc } = parseSearchParams(request, querySchema);
  const metrics = readProcessMetrics({ reset: reset === "1", collectGarbage: gc === "1" });
  const teamNoticeMs = readTeamLatencies(getRuntimeContext().db, { reset: reset === "1" });
  return Promise.resolve(Response.json({ ...metrics, teamNoticeMs }));
});
