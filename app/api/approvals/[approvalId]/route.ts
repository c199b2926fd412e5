import { z } from "zod";
import { answerApproval } from "@/lib/approvals/approval-broker.ts";
import { approvalDecisionSchema } from "@/lib/approvals/approval-types.ts";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";

const answerSchema = z.object({
  decision: approvalDecisionSchema,
  /** Who answers, as the other tabs will see it ("Firefox tab", "API"). */
  by: z.string().trim().min(1).max(80).default("API"),
});

// POST /api/approvals/[approvalId] – answer a waiting request (first answer wins; 409 afterwards, 404 when unknown)
export const POST = withErrorHandling(
  async (request: Request, context: { params: Promise<{ approvalId: string }> }) => {
    const { approvalId } = await context.params;
    const body = await parseJsonBody(request, answerSchema);
    const approval = await answerApproval(getDb(), {
      approvalId,
      decision: body.decision,
      by: body.by,
    });
    return Response.json({ approval });
  },
);
