import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { landTarget } from "@/lib/worktrees/worktree-request.ts";
import { askClaudeToResolve } from "@/lib/worktrees/land/ask-to-resolve.ts";
import { withLocalRepo } from "@/lib/team/with-local-repo.ts";

const resolveSchema = z.object(landTarget).strict();

// POST /api/worktrees/resolve – "Ask Claude to resolve": a chat run in the branch's worktree with the conflicts
export const POST = withLocalRepo(
  { body: resolveSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ body }) => Response.json(await askClaudeToResolve(getDb(), body)),
);
