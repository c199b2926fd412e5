import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { proposeTreeFromConversation } from "@/lib/plans/propose-tree.ts";
import { withLocalRepo } from "@/lib/team/with-local-repo.ts";

const paramsSchema = z.object({ planId: z.string().uuid() });
const bodySchema = z.object({ sessionId: z.string().uuid().optional() });

// POST /api/plans/:planId/propose – claude proposes a design tree (returned for review, not saved)
export const POST = withLocalRepo(
  { params: paramsSchema, body: bodySchema, repo: ({ params }) => ({ planId: params.planId }) },
  async ({ params, body }) =>
    Response.json({
      tree: await proposeTreeFromConversation(getDb(), { planId: params.planId, sessionId: body.sessionId }),
    }),
);
