import { z } from "zod";
import { worktreeParams } from "@/lib/changes/changes-params.ts";
import { readRunChanges } from "@/lib/changes/read-run-changes.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ runId: z.string().uuid() });

// GET /api/changes/runs/:runId?repoId=…&worktreePath=… – what this run changed (its start and end checkpoints compared)
export const GET = withLocalRepo(
  { params: paramsSchema, query: worktreeParams, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, params, query }) =>
    Response.json({ changes: await readRunChanges(ctx, { ...query, runId: params.runId }) }),
);
