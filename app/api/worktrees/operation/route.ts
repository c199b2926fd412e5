import { z } from "zod";
import { worktreeTarget } from "@/lib/worktrees/worktree-request.ts";
import { readPinnedOperationState } from "@/lib/worktrees/land/operation-state.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const operationSchema = z.object(worktreeTarget).strict();

// POST /api/worktrees/operation – the rebase or merge stopped in a worktree (which commit, which files), or null
export const POST = withLocalRepo(
  { body: operationSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json({ state: await readPinnedOperationState(ctx.db, body) }),
);
