import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { createNodeBranch } from "@/lib/worktrees/create/create-node-branch.ts";

const paramsSchema = z.object({ planId: z.string().uuid(), slug: z.string().min(1).max(60) });
const bodySchema = z.object({
  worktreePath: z.string().min(1).max(4096).optional(),
  /** Tags the setup command's live output and lets the user stop it (POST /api/worktrees/setup/stop). */
  setupId: z.string().uuid().optional(),
});

// POST /api/plans/:planId/nodes/:slug/branch – create the node's branch and a worktree from its design parent
export const POST = withErrorHandling(
  async (request: Request, context: { params: Promise<{ planId: string; slug: string }> }) => {
    const params = paramsSchema.parse(await context.params);
    const body = await parseJsonBody(request, bodySchema);
    return Response.json(await createNodeBranch(getDb(), { ...params, ...body }), { status: 201 });
  },
);
