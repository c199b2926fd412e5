import { z } from "zod";
import { readRepoCosts } from "@/lib/chat/costs/read-repo-costs.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });

// GET /api/repos/:repoId/costs – what its agents cost: in all, today, per worktree, per day (14 days)
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ repoId: string }> }) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ costs: await readRepoCosts(getRuntimeContext().db, repoId) });
});
