import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { deletePin } from "@/lib/pins/delete-pin.ts";

const paramsSchema = z.object({ id: z.string().uuid() });

// DELETE /api/repo-pins/:id – remove a pin (the repository's conversations are kept)
export const DELETE = withErrorHandling(async (_request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = paramsSchema.parse(await context.params);
  await deletePin(getDb(), { pinId: id });
  return Response.json({ ok: true });
});
