import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { listTopics } from "@/lib/hook-policies/topics.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });

// GET /api/repos/:repoId/topics – the conversation recorder's topics with their logs and decisions
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ repoId: string }> }) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ topics: await listTopics(getRuntimeContext().db, { repoId }) });
});
