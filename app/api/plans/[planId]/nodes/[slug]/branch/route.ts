import { z } from "zod";
import { createNodeBranch } from "@/lib/worktrees/create/create-node-branch.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ planId: z.string().uuid(), slug: z.string().min(1).max(60) });
const bodySchema = z.object({
  worktreePath: z.string().min(1).max(4096).optional(),
  /** Tags the setup command's live output and lets the user stop it (POST /api/worktrees/setup/stop). */
  setupId: z.string().uuid().optional(),
});

// POST /api/plans/:planId/nodes/:slug/branch – create the node's branch and a worktree from its design parent
export const POST = withLocalRepo(
  { params: paramsSchema, body: bodySchema, repo: ({ params }) => ({ planId: params.planId }) },
  async ({ ctx, params, body }) => Response.json(await createNodeBranch(ctx, { ...params, ...body }), { status: 201 }),
);
