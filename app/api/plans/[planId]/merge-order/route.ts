import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { readPlanMergeOrder } from "@/lib/plans/plan-merge-order.ts";

const paramsSchema = z.object({ planId: z.string().uuid() });

// GET /api/plans/:planId/merge-order – the order to land the plan's branches, conflict risks and warnings
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ planId: string }> }) => {
  const { planId } = paramsSchema.parse(await context.params);
  return Response.json({ mergeOrder: await readPlanMergeOrder(getDb(), { planId }) });
});
