import { z } from "zod";
import {
  readRepoSettingsWithChecks,
  repoSettingsWithChecksPatchSchema,
  updateRepoSettingsWithChecks,
} from "@/lib/checks/repo-settings-with-checks.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

type Context = { params: Promise<{ repoId: string }> };
const paramsSchema = z.object({ repoId: z.string().uuid() });

// GET /api/repos/:repoId/settings – the repository's overrides, the Arbor-wide and effective values, its checks and proposed ones
export const GET = withErrorHandling(async (_request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ settings: await readRepoSettingsWithChecks(getRuntimeContext().db, repoId) });
});

// PUT /api/repos/:repoId/settings – override settings for this repository (null: back to the Arbor-wide value), set its checks
export const PUT = withLocalRepo(
  { params: paramsSchema, body: repoSettingsWithChecksPatchSchema, repo: ({ params }) => params },
  async ({ ctx, params, body }) =>
    Response.json({ settings: await updateRepoSettingsWithChecks(ctx, { repoId: params.repoId, patch: body }) }),
);
