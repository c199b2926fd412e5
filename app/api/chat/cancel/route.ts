import { z } from "zod";
import { cancelRun } from "@/lib/chat/send/cancel-run.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const cancelSchema = z.object({ runId: z.string().uuid() });

// POST /api/chat/cancel – stop a running answer (partial text kept) or drop a queued one (on its owner's instance)
export const POST = withLocalRepo(
  {
    body: cancelSchema,
    repo: ({ body }) => ({ runId: body.runId }),
    forward: ({ body }) => ({ kind: "cancel", ...body }),
  },
  async ({ ctx, body }) => Response.json({ ok: true, ...(await cancelRun(ctx, body)) }),
);
