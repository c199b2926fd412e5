import { z } from "zod";
import { landTarget } from "@/lib/worktrees/worktree-request.ts";
import { askClaudeToResolve } from "@/lib/worktrees/land/ask-to-resolve.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const resolveSchema = z.object(landTarget).strict();

// POST /api/worktrees/resolve – "Ask Claude to resolve": a chat run in the branch's worktree with the conflicts
export const POST = withLocalRepo(
  { body: resolveSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await askClaudeToResolve(ctx, body)),
);
