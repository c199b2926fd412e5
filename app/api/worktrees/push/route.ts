import { z } from "zod";
import { worktreeTarget } from "@/lib/worktrees/worktree-request.ts";
import { pushWorktree } from "@/lib/worktrees/ship/push-worktree.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const pushSchema = z.object(worktreeTarget).strict();

// POST /api/worktrees/push – push the worktree's branch where git would (upstream set only when it has none; refusals explained)
export const POST = withLocalRepo(
  { body: pushSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await pushWorktree(ctx, body)),
);
