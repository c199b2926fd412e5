import { z } from "zod";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";
import { readRepoProgress } from "@/lib/worktrees/worktree-progress.ts";

const querySchema = z.object({ repoId: z.string().uuid() }).strict();

// GET /api/worktrees/progress?repoId=… – each linked worktree's commits ahead/behind and lines +/− against the default branch
export const GET = withLocalRepo(
  { query: querySchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, query }) => Response.json(await readRepoProgress(ctx.db, query)),
);
