import { z } from "zod";
import { worktreeParams } from "@/lib/changes/changes-params.ts";
import { previewRestore, restoreBeforeRun } from "@/lib/changes/restore-run.ts";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

type Context = { params: Promise<{ runId: string }> };
const paramsSchema = z.object({ runId: z.string().uuid() });
const bodySchema = worktreeParams.extend({
  expectedTree: z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/),
  confirm: z.boolean().default(false),
});

// GET /api/changes/runs/:runId/restore?repoId=…&worktreePath=… – what restoring to before this run would overwrite
export const GET = withErrorHandling(async (request: Request, context: Context) => {
  const { runId } = paramsSchema.parse(await context.params);
  const query = parseSearchParams(request, worktreeParams);
  return Response.json({ preview: await previewRestore(getDb(), { ...query, runId }) });
});

// POST /api/changes/runs/:runId/restore – put the working files back as they were when the run started
export const POST = withErrorHandling(async (request: Request, context: Context) => {
  const { runId } = paramsSchema.parse(await context.params);
  const body = await parseJsonBody(request, bodySchema);
  return Response.json({
    result: await restoreBeforeRun(getDb(), { ...body, runId, isConfirmed: body.confirm }),
  });
});
