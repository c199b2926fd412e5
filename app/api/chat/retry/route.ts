import { z } from "zod";
import { acceptRetry } from "@/lib/chat/send/send-message.ts";
import { toolRuleSchema } from "@/lib/realtime/approval-view.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const retrySchema = z.object({
  runId: z.string().uuid(),
  /** "Allow and retry": tools the earlier run was refused, allowed for the new run only. */
  allowTools: z.array(toolRuleSchema).max(20).optional(),
});

// POST /api/chat/retry – queue a new run for the user message of a failed or cancelled run (on its owner's instance); 202 at once
export const POST = withLocalRepo(
  {
    body: retrySchema,
    repo: ({ body }) => ({ runId: body.runId }),
    forward: ({ body }) => ({ kind: "retry", ...body }),
  },
  async ({ ctx, body }) => Response.json(await acceptRetry(ctx, body), { status: 202 }),
);
