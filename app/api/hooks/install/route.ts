import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { changeHooks } from "@/lib/hook-ingest/install-hooks.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";

const installSchema = z.object({
  scope: z.enum(["worktree", "repo", "user"]),
  repoId: z.string().uuid().optional(),
  worktreePath: z.string().min(1).max(4096).optional(),
  action: z.enum(["install", "uninstall"]),
  /** false: preview only. */
  apply: z.boolean(),
});

// POST /api/hooks/install – preview or write (install/uninstall) Arbor's hooks in Claude Code settings
export const POST = withErrorHandling(async (request: Request) => {
  return Response.json({ files: await changeHooks(getDb(), await parseJsonBody(request, installSchema)) });
});
