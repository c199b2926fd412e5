import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { previewTidy } from "@/lib/worktrees/tidy/tidy-up.ts";

type Context = { params: Promise<{ repoId: string }> };
const paramsSchema = z.object({ repoId: z.string().uuid() });
const optionsSchema = z.object({ removeMerged: z.boolean(), deleteDependencies: z.boolean() }).strict();

// POST /api/repos/:repoId/tidy/preview – each worktree's disk use, merged/idle, and what Reclaim would do (touches nothing)
export const POST = withErrorHandling(async (request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  const options = await parseJsonBody(request, optionsSchema);
  return Response.json(await previewTidy(getDb(), { repoId, options }));
});
