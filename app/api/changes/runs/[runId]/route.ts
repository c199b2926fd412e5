import { z } from "zod";
import { worktreeParams } from "@/lib/changes/changes-params.ts";
import { readRunChanges } from "@/lib/changes/read-run-changes.ts";
import { getDb } from "@/lib/db/client.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

type Context = { params: Promise<{ runId: string }> };
const paramsSchema = z.object({ runId: z.string().uuid() });

// GET /api/changes/runs/:runId?repoId=…&worktreePath=… – what this run changed (its start and end checkpoints compared)
export const GET = withErrorHandling(async (request: Request, context: Context) => {
  const { runId } = paramsSchema.parse(await context.params);
  const query = parseSearchParams(request, worktreeParams);
  return Response.json({ changes: await readRunChanges(getDb(), { ...query, runId }) });
});
