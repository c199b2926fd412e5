import { z } from "zod";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { repoSettingsPatchSchema } from "@/lib/settings/repo-settings-schema.ts";
import { readRepoSettingsView, updateRepoSettings } from "@/lib/settings/repo-settings-store.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

type Context = { params: Promise<{ repoId: string }> };
const paramsSchema = z.object({ repoId: z.string().uuid() });

// GET /api/repos/:repoId/settings – the repository's overrides, the Arbor-wide values and the effective ones
export const GET = withErrorHandling(async (_request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ settings: await readRepoSettingsView(getRuntimeContext().db, repoId) });
});

// PUT /api/repos/:repoId/settings – override settings for this repository (null: back to the Arbor-wide value)
export const PUT = withLocalRepo(
  { params: paramsSchema, body: repoSettingsPatchSchema, repo: ({ params }) => params },
  async ({ ctx, params, body }) =>
    Response.json({ settings: await updateRepoSettings(ctx.db, { repoId: params.repoId, patch: body }) }),
);
