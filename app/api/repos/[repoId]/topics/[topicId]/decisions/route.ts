import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { addDecision } from "@/lib/hook-policies/topics.ts";

const paramsSchema = z.object({ repoId: z.string().uuid(), topicId: z.coerce.number().int().positive() });
const bodySchema = z.object({ text: z.string().min(1, "Write the decision first").max(2000) });

// POST /api/repos/:repoId/topics/:topicId/decisions – record a decision (the topic becomes decided)
export const POST = withErrorHandling(
  async (request: Request, context: { params: Promise<{ repoId: string; topicId: string }> }) => {
    const params = paramsSchema.parse(await context.params);
    await addDecision(getDb(), { ...params, ...(await parseJsonBody(request, bodySchema)) });
    return Response.json({ ok: true }, { status: 201 });
  },
);
