import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { getHookEvent } from "@/lib/hook-ingest/list-hook-events.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";

const paramsSchema = z.object({ id: z.coerce.number().int().positive() });

// GET /api/hooks/events/:id – one hook event with its full payload
export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = paramsSchema.parse(await context.params);
  const event = await getHookEvent(getRuntimeContext().db, { id });
  if (!event) throw new AppError("not_found", "That hook event does not exist.");
  return Response.json({ event });
});
