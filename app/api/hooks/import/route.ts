import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { importWorktreeHistory } from "@/lib/hook-capture/import-history.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";

const importSchema = z.object({ repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096) });

// POST /api/hooks/import – read a worktree's past Claude Code sessions into relays
export const POST = withErrorHandling(async (request: Request) => {
  return Response.json(await importWorktreeHistory(getDb(), await parseJsonBody(request, importSchema)));
});
