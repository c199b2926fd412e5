import { z } from "zod";
import { readRunPrompt } from "@/lib/chat/runs/run-prompt.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

const paramsSchema = z.object({ runId: z.string().uuid() });

// GET /api/chat/runs/[runId]/prompt – the prompt text a run sent (kept for the newest sends of a conversation)
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ runId: string }> }) => {
  const { runId } = paramsSchema.parse(await context.params);
  return Response.json(await readRunPrompt(getRuntimeContext().db, { runId }));
});
