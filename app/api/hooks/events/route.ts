import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { listHookEvents } from "@/lib/hook-ingest/list-hook-events.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const querySchema = z.object({
  worktreePath: z.string().max(4096).optional(),
  unpinned: z.enum(["0", "1"]).optional(),
  sessionId: z.string().max(200).optional(),
  eventName: z.string().max(100).optional(),
  toolName: z.string().max(200).optional(),
  q: z.string().max(200).optional(),
  beforeId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

// GET /api/hooks/events – hook events, newest first, filtered by worktree, session, event, tool, text
export const GET = withErrorHandling(async (request: Request) => {
  const { unpinned, ...filter } = parseSearchParams(request, querySchema);
  return Response.json(await listHookEvents(getRuntimeContext(), { ...filter, unpinned: unpinned === "1" }));
});
