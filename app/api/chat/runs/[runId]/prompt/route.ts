import { z } from "zod";
import { readRunPrompt } from "@/lib/chat/runs/run-prompt.ts";
import { getDb } from "@/lib/db/client.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

const paramsSchema = z.object({ runId: z.string().uuid() });

// GET /api/chat/runs/[runId]/prompt – the prompt text a run sent (kept for the newest sends of a conversation)
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ runId: string }> }) => {
  const { runId } = paramsSchema.parse(await context.params);
  return Response.json(await readRunPrompt(getDb(), { runId }));
});
