import { scopeParam, worktreeParams } from "@/lib/changes/changes-params.ts";
import { readScopeFiles } from "@/lib/changes/read-scope-files.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const querySchema = worktreeParams.extend({ scope: scopeParam });

// GET /api/changes/files?repoId=…&worktreePath=…&scope=… – the changed files of one scope, with counts and statuses
export const GET = withLocalRepo(
  { query: querySchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, query }) => Response.json(await readScopeFiles(ctx, query)),
);
