import { z } from "zod";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { readHookChain } from "@/lib/hook-policies/hook-chain.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const querySchema = z.object({ repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096) });

// GET /api/hooks/chain?repoId=…&worktreePath=… – the hooks in effect for a worktree, by level and order
export const GET = withLocalRepo(
  { query: querySchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, query }) => {
    const { worktree } = await resolvePinnedWorktree(ctx.db, query);
    return Response.json(readHookChain({ worktreePath: worktree.path }));
  },
);
