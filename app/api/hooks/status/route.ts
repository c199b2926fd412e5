import { z } from "zod";
import { readWorktreeHookStatus } from "@/lib/hook-ingest/hook-status.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const querySchema = z.object({ repoId: z.string().min(1).max(200), worktreePath: z.string().min(1).max(4096) });

// GET /api/hooks/status – whether Arbor's hooks are installed for a worktree, per settings scope (user, project, local)
export const GET = withLocalRepo(
  { query: querySchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, query }) => Response.json(await readWorktreeHookStatus(ctx.db, query)),
);
