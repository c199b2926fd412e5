import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { readRepoDashboard } from "@/lib/worktrees/land/landed-dashboard.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });
const querySchema = z.object({ planId: z.string().uuid().optional() });

// GET /api/repos/:repoId/dashboard?planId=… – branches and worktrees against the design, with warnings
export const GET = withErrorHandling(async (request: Request, context: { params: Promise<{ repoId: string }> }) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({
    dashboard: await readRepoDashboard(getRuntimeContext().db, { repoId, ...parseSearchParams(request, querySchema) }),
  });
});
