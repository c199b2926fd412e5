import { scopeParam, worktreeParams } from "@/lib/changes/changes-params.ts";
import { readScopeFiles } from "@/lib/changes/read-scope-files.ts";
import { getDb } from "@/lib/db/client.ts";
import { withLocalRepo } from "@/lib/team/with-local-repo.ts";

const querySchema = worktreeParams.extend({ scope: scopeParam });

// GET /api/changes/files?repoId=…&worktreePath=…&scope=… – the changed files of one scope, with counts and statuses
export const GET = withLocalRepo(
  { query: querySchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ query }) => Response.json(await readScopeFiles(getDb(), query)),
);
