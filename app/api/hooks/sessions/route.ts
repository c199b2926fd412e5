import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { listHookSessions } from "@/lib/hook-ingest/list-hook-events.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const querySchema = z.object({ worktreePath: z.string().max(4096).optional() });

// GET /api/hooks/sessions – Claude sessions seen through hooks, with counts and Arbor-run links
export const GET = withErrorHandling(async (request: Request) => {
  return Response.json({
    sessions: await listHookSessions(getRuntimeContext().db, parseSearchParams(request, querySchema)),
  });
});
