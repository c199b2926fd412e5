import { z } from "zod";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { readRepoPolicy, updateRepoPolicy } from "@/lib/hook-policies/repo-policy.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

type Context = { params: Promise<{ repoId: string }> };
const paramsSchema = z.object({ repoId: z.string().uuid() });
const putSchema = z
  .object({
    recorderEnabled: z.boolean(),
    enforceMetaTag: z.boolean(),
    notifierEnabled: z.boolean(),
    stateRestoreEnabled: z.boolean(),
    sessionStartTopics: z.number().int().min(0).max(50),
  })
  .partial()
  .strict();

// GET /api/repos/:repoId/policies – which hook policies are on for this repository
export const GET = withErrorHandling(async (_request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ policies: await readRepoPolicy(getRuntimeContext().db, repoId) });
});

// PUT /api/repos/:repoId/policies – switch policies on or off
export const PUT = withLocalRepo(
  { params: paramsSchema, body: putSchema, repo: ({ params }) => params },
  async ({ ctx, params, body }) => Response.json({ policies: await updateRepoPolicy(ctx.db, { ...params, ...body }) }),
);
