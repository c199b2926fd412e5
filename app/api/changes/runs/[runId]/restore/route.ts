import { z } from "zod";
import { worktreeParams } from "@/lib/changes/changes-params.ts";
import { previewRestore, restoreBeforeRun } from "@/lib/changes/restore-run.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ runId: z.string().uuid() });
const bodySchema = worktreeParams.extend({
  expectedTree: z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/),
  confirm: z.boolean().default(false),
});

// GET /api/changes/runs/:runId/restore?repoId=…&worktreePath=… – what restoring to before this run would overwrite
export const GET = withLocalRepo(
  { params: paramsSchema, query: worktreeParams, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, params, query }) =>
    Response.json({ preview: await previewRestore(ctx, { ...query, runId: params.runId }) }),
);

// POST /api/changes/runs/:runId/restore – put the working files back as they were when the run started
export const POST = withLocalRepo(
  { params: paramsSchema, body: bodySchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, params, body }) =>
    Response.json({
      result: await restoreBeforeRun(ctx, { ...body, runId: params.runId, isConfirmed: body.confirm }),
    }),
);
