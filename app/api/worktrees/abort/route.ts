import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { worktreeTarget } from "@/lib/worktrees/worktree-request.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { abortOperation } from "@/lib/worktrees/land/operation-state.ts";

const abortSchema = z.object(worktreeTarget).strict();

// POST /api/worktrees/abort – git rebase --abort (or merge --abort) in the worktree
export const POST = withErrorHandling(async (request: Request) =>
  Response.json(await abortOperation(getDb(), await parseJsonBody(request, abortSchema))),
);
