import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { listWorktrees } from "@/lib/worktrees/land/landed-branches.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });

// GET /api/repos/:repoId/worktrees – rescan the repository's worktrees from git (with which branches have landed)
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ repoId: string }> }) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ scan: await listWorktrees(getRuntimeContext().db, { repoId }) });
});
