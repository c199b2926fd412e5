import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { runRepoRetention } from "@/lib/retention/run-repo-retention.ts";

type Context = { params: Promise<{ repoId: string }> };
const paramsSchema = z.object({ repoId: z.string().uuid() });
const bodySchema = z.strictObject({ apply: z.boolean().default(false) });

// POST /api/repos/:repoId/retention – what the repository's retention settings would delete ({ apply: true }: delete it now)
export const POST = withErrorHandling(async (request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  const { apply } = await parseJsonBody(request, bodySchema);
  return Response.json(await runRepoRetention(getDb(), { repoId, apply }));
});
