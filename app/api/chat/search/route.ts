import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { searchMessages } from "@/lib/memory/search-messages.ts";

const querySchema = z.object({ repoId: z.string().uuid(), q: z.string().max(500) });

// GET /api/chat/search?repoId=…&q=… – full-text search across the repository's conversations
export const GET = withErrorHandling(async (request: Request) => {
  const { repoId, q } = parseSearchParams(request, querySchema);
  return Response.json({ hits: await searchMessages(getRuntimeContext().db, { repoId, query: q }) });
});
