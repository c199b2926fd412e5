import { z } from "zod";
import { listRulesForRepo, listRulesForWorktree } from "@/lib/approvals/permission-rules.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const querySchema = z.object({ repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096).optional() });

// GET /api/permission-rules?repoId=…[&worktreePath=…] – the "Allow always" rules in effect (worktree, repository, Arbor-wide)
export const GET = withErrorHandling(async (request: Request) => {
  const query = parseSearchParams(request, querySchema);
  const rules = query.worktreePath
    ? await listRulesForWorktree(getRuntimeContext().db, { repoId: query.repoId, worktreePath: query.worktreePath })
    : await listRulesForRepo(getRuntimeContext().db, { repoId: query.repoId });
  return Response.json({ rules });
});
