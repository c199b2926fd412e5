import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { readWorktreeHookStatus } from "@/lib/hook-ingest/hook-status.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const querySchema = z.object({ repoId: z.string().min(1).max(200), worktreePath: z.string().min(1).max(4096) });

// GET /api/hooks/status – whether Arbor's hooks are installed for a worktree, per settings scope (user, project, local)
export const GET = withErrorHandling(async (request: Request) => {
  return Response.json(await readWorktreeHookStatus(getDb(), parseSearchParams(request, querySchema)));
});
