import { z } from "zod";
import { listWorktreeActivity } from "@/lib/chat/attention/worktree-activity.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });

// GET /api/repos/:repoId/activity – running/queued agents and unread answers per worktree
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ repoId: string }> }) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ worktrees: await listWorktreeActivity(getRuntimeContext(), { repoId }) });
});
