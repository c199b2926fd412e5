import { z } from "zod";
import { prewarmSession } from "@/lib/chat/send/prewarm.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";

const warmSchema = z.object({ sessionId: z.string().uuid() });

// POST /api/chat/warm – boot a claude for this conversation's next send (chat opened, user typing)
export const POST = withErrorHandling(async (request: Request) =>
  Response.json(await prewarmSession(getRuntimeContext(), await parseJsonBody(request, warmSchema))),
);
