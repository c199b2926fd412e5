import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { landTarget } from "@/lib/worktrees/worktree-request.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { askClaudeToResolve } from "@/lib/worktrees/land/ask-to-resolve.ts";

const resolveSchema = z.object(landTarget).strict();

// POST /api/worktrees/resolve – "Ask Claude to resolve": a chat run in the branch's worktree with the conflicts
export const POST = withErrorHandling(async (request: Request) =>
  Response.json(await askClaudeToResolve(getDb(), await parseJsonBody(request, resolveSchema))),
);
