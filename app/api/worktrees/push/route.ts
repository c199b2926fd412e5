import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { worktreeTarget } from "@/lib/worktrees/worktree-request.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { pushWorktree } from "@/lib/worktrees/ship/push-worktree.ts";

const pushSchema = z.object(worktreeTarget).strict();

// POST /api/worktrees/push – push the worktree's branch where git would (upstream set only when it has none; refusals explained)
export const POST = withErrorHandling(async (request: Request) =>
  Response.json(await pushWorktree(getDb(), await parseJsonBody(request, pushSchema))),
);
