import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { pushWorktree } from "@/lib/worktrees/push-worktree.ts";

const pushSchema = z.object({ repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096) }).strict();

// POST /api/worktrees/push – push the worktree's branch to its remote with upstream (git's refusal explained)
export const POST = withErrorHandling(async (request: Request) =>
  Response.json(await pushWorktree(getDb(), await parseJsonBody(request, pushSchema))),
);
