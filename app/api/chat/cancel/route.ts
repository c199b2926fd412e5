import { z } from "zod";
import { cancelRun } from "@/lib/chat/send/cancel-run.ts";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";

const cancelSchema = z.object({ runId: z.string().uuid() });

// POST /api/chat/cancel – stop a running answer (partial text kept) or drop a queued one
export const POST = withErrorHandling(async (request: Request) => {
  const result = await cancelRun(getDb(), await parseJsonBody(request, cancelSchema));
  return Response.json({ ok: true, ...result });
});
