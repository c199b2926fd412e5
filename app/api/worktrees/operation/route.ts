import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { worktreeTarget } from "@/lib/worktrees/worktree-request.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { readPinnedOperationState } from "@/lib/worktrees/land/operation-state.ts";

const operationSchema = z.object(worktreeTarget).strict();

// POST /api/worktrees/operation – the rebase or merge stopped in a worktree (which commit, which files), or null
export const POST = withErrorHandling(async (request: Request) =>
  Response.json({ state: await readPinnedOperationState(getDb(), await parseJsonBody(request, operationSchema)) }),
);
