import { z } from "zod";
import { readPlanMergeOrder } from "@/lib/plans/plan-merge-order.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ planId: z.string().uuid() });

// GET /api/plans/:planId/merge-order – the order to land the plan's branches, conflict risks and warnings
export const GET = withLocalRepo(
  { params: paramsSchema, repo: ({ params }) => ({ planId: params.planId }) },
  async ({ ctx, params }) => Response.json({ mergeOrder: await readPlanMergeOrder(ctx.db, params) }),
);
