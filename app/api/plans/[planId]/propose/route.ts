import { z } from "zod";
import { proposeTreeFromConversation } from "@/lib/plans/propose-tree.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ planId: z.string().uuid() });
const bodySchema = z.object({ sessionId: z.string().uuid().optional() });

// POST /api/plans/:planId/propose – claude proposes a design tree (returned for review, not saved)
export const POST = withLocalRepo(
  { params: paramsSchema, body: bodySchema, repo: ({ params }) => ({ planId: params.planId }) },
  async ({ ctx, params, body }) =>
    Response.json({
      tree: await proposeTreeFromConversation(ctx, { planId: params.planId, sessionId: body.sessionId }),
    }),
);
