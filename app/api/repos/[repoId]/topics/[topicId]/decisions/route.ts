import { z } from "zod";
import { addDecision } from "@/lib/hook-policies/topics.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ repoId: z.string().uuid(), topicId: z.coerce.number().int().positive() });
const bodySchema = z.object({ text: z.string().min(1, "Write the decision first").max(2000) });

// POST /api/repos/:repoId/topics/:topicId/decisions – record a decision (the topic becomes decided)
export const POST = withLocalRepo(
  { params: paramsSchema, body: bodySchema, repo: ({ params }) => ({ repoId: params.repoId }) },
  async ({ ctx, params, body }) => {
    await addDecision(ctx, { ...params, ...body });
    return Response.json({ ok: true }, { status: 201 });
  },
);
