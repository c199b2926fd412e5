import { z } from "zod";
import { answerApproval } from "@/lib/approvals/approval-broker.ts";
import { approvalDecisionSchema } from "@/lib/approvals/approval-types.ts";
import { describeActor, requireBrowser } from "@/lib/http/actor.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

/** Who answered is the server's to record, from the signed-in browser: a `by` in the body is ignored. */
const answerSchema = z.object({ decision: approvalDecisionSchema });

// POST /api/approvals/[approvalId] – answer a waiting request (first answer wins; 409 afterwards, 404 when unknown)
export const POST = withLocalRepo(
  {
    params: z.object({ approvalId: z.string() }),
    body: answerSchema,
    repo: ({ params }) => ({ approvalId: params.approvalId }),
    // Only a signed-in browser answers, here or through the owner: an agent's token never does.
    forward: ({ request, params, body }) => {
      requireBrowser(request);
      return { kind: "answer_approval", approvalId: params.approvalId, decision: body.decision };
    },
  },
  async ({ ctx, request, params, body }) => {
    const actor = requireBrowser(request);
    const approval = await answerApproval(ctx, {
      approvalId: params.approvalId,
      decision: body.decision,
      by: describeActor(actor),
    });
    return Response.json({ approval });
  },
);
