import { scopeParam, worktreeParams } from "@/lib/changes/changes-params.ts";
import { readScopeFiles } from "@/lib/changes/read-scope-files.ts";
import { getDb } from "@/lib/db/client.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const querySchema = worktreeParams.extend({ scope: scopeParam });

// GET /api/changes/files?repoId=…&worktreePath=…&scope=… – the changed files of one scope, with counts and statuses
export const GET = withErrorHandling(async (request: Request) => {
  return Response.json(await readScopeFiles(getDb(), parseSearchParams(request, querySchema)));
});
