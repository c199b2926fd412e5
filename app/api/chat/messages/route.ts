import { z } from "zod";
import { listMessages } from "@/lib/chat/sessions/list-messages.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const querySchema = z.object({
  sessionId: z.string().uuid(),
  beforeId: z.coerce.number().int().positive().optional(),
  includeArchived: z.enum(["0", "1"]).optional(),
});

// GET /api/chat/messages?sessionId=…&beforeId=…&includeArchived=1 – a page of the conversation, oldest first
export const GET = withErrorHandling(async (request: Request) => {
  const { includeArchived, ...query } = parseSearchParams(request, querySchema);
  return Response.json(
    await listMessages(getRuntimeContext().db, { ...query, includeArchived: includeArchived === "1" }),
  );
});
