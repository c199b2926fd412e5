import { z } from "zod";
import { pathTokenParam, scopeParam, worktreeParams } from "@/lib/changes/changes-params.ts";
import { readScopeDiff } from "@/lib/changes/read-scope-diff.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const querySchema = worktreeParams.extend({
  scope: scopeParam,
  path: pathTokenParam,
  oldPath: pathTokenParam.optional(),
  untracked: z.enum(["1"]).optional(),
  context: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

// GET /api/changes/diff?repoId=…&worktreePath=…&scope=…&path=…[&oldPath=…][&untracked=1][&context=n] – one file's hunks and lines
export const GET = withLocalRepo(
  { query: querySchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, query }) =>
    Response.json(
      await readScopeDiff(ctx, { ...query, oldPath: query.oldPath ?? null, isUntracked: query.untracked === "1" }),
    ),
);
