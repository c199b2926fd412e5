import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { proposeTreeFromConversation } from "@/lib/plans/propose-tree.ts";

const paramsSchema = z.object({ planId: z.string().uuid() });
const bodySchema = z.object({ sessionId: z.string().uuid().optional() });

// POST /api/plans/:planId/propose – claude proposes a design tree (returned for review, not saved)
export const POST = withErrorHandling(async (request: Request, context: { params: Promise<{ planId: string }> }) => {
  const { planId } = paramsSchema.parse(await context.params);
  const { sessionId } = await parseJsonBody(request, bodySchema);
  return Response.json({ tree: await proposeTreeFromConversation(getDb(), { planId, sessionId }) });
});
