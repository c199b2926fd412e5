import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { listRelays } from "@/lib/hook-ingest/list-hook-events.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const querySchema = z.object({
  worktreePath: z.string().max(4096).optional(),
  sessionId: z.string().max(200).optional(),
});

// GET /api/hooks/relays – prompts and answers read from Claude Code transcripts, newest first
export const GET = withErrorHandling(async (request: Request) => {
  return Response.json({ relays: await listRelays(getRuntimeContext().db, parseSearchParams(request, querySchema)) });
});
