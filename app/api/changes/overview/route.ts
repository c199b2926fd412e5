import { z } from "zod";
import { worktreeParams } from "@/lib/changes/changes-params.ts";
import { readChangesOverview } from "@/lib/changes/read-changes-overview.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const querySchema = worktreeParams.extend({ base: z.string().min(1).max(256).optional() });

// GET /api/changes/overview?repoId=…&worktreePath=…[&base=…] – branch, base, ahead/behind and commits since the base
export const GET = withLocalRepo(
  { query: querySchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, query }) => Response.json({ overview: await readChangesOverview(ctx, query) }),
);
