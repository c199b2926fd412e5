import { z } from "zod";
import { pathTokenParam, scopeParam, worktreeParams } from "@/lib/changes/changes-params.ts";
import { readScopeDiff } from "@/lib/changes/read-scope-diff.ts";
import { getDb } from "@/lib/db/client.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const querySchema = worktreeParams.extend({
  scope: scopeParam,
  path: pathTokenParam,
  oldPath: pathTokenParam.optional(),
  untracked: z.enum(["1"]).optional(),
  context: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

// GET /api/changes/diff?repoId=…&worktreePath=…&scope=…&path=…[&oldPath=…][&untracked=1][&context=n] – one file's hunks and lines
export const GET = withErrorHandling(async (request: Request) => {
  const query = parseSearchParams(request, querySchema);
  return Response.json(
    await readScopeDiff(getDb(), { ...query, oldPath: query.oldPath ?? null, isUntracked: query.untracked === "1" }),
  );
});
