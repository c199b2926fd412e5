import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import {
  readRepoSettingsWithChecks,
  repoSettingsWithChecksPatchSchema,
  updateRepoSettingsWithChecks,
} from "@/lib/checks/repo-settings-with-checks.ts";
import { withLocalRepo } from "@/lib/team/with-local-repo.ts";

type Context = { params: Promise<{ repoId: string }> };
const paramsSchema = z.object({ repoId: z.string().uuid() });

// GET /api/repos/:repoId/settings – the repository's overrides, the Arbor-wide and effective values, its checks and proposed ones
export const GET = withErrorHandling(async (_request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ settings: await readRepoSettingsWithChecks(getDb(), repoId) });
});

// PUT /api/repos/:repoId/settings – override settings for this repository (null: back to the Arbor-wide value), set its checks
export const PUT = withLocalRepo(
  { params: paramsSchema, body: repoSettingsWithChecksPatchSchema, repo: ({ params }) => params },
  async ({ params, body }) =>
    Response.json({ settings: await updateRepoSettingsWithChecks(getDb(), { repoId: params.repoId, patch: body }) }),
);
