import { z } from "zod";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { readProjectRules, updateProjectRules } from "@/lib/plans/project-rules.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

type Context = { params: Promise<{ repoId: string }> };
const paramsSchema = z.object({ repoId: z.string().uuid() });
const putSchema = z.object({
  branchNamingRule: z.string().max(100).optional(),
  freeTextRules: z.string().max(20_000).optional(),
});

// GET /api/repos/:repoId/rules – the repository's branch naming rule and free-text rules
export const GET = withErrorHandling(async (_request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ rules: await readProjectRules(getRuntimeContext().db, repoId) });
});

// PUT /api/repos/:repoId/rules – change them (the naming rule must contain {slug})
export const PUT = withLocalRepo(
  { params: paramsSchema, body: putSchema, repo: ({ params }) => params },
  async ({ ctx, params, body }) => Response.json({ rules: await updateProjectRules(ctx.db, { ...params, ...body }) }),
);
