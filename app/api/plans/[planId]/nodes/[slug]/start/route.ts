import { z } from "zod";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";
import { startNodeTask } from "@/lib/worktrees/create/start-node-task.ts";

const paramsSchema = z.object({ planId: z.string().uuid(), slug: z.string().min(1).max(60) });
const bodySchema = z.object({ setupId: z.string().uuid().optional() }).strict();

// POST /api/plans/:planId/nodes/:slug/start – the node's branch and worktree, its conversation, and its first
// message (the node's title and description, the plan's goal, the parent it builds on), in one step
export const POST = withLocalRepo(
  { params: paramsSchema, body: bodySchema, repo: ({ params }) => ({ planId: params.planId }) },
  async ({ ctx, params, body }) =>
    Response.json({ task: await startNodeTask(ctx, { ...params, ...body }) }, { status: 201 }),
);
