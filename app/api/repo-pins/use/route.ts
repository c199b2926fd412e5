import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { markPinUsed } from "@/lib/pins/mark-pin-used.ts";

const useSchema = z.object({ pinId: z.string().uuid() });

// POST /api/repo-pins/use – record that a pin was opened (updates last_used_at)
export const POST = withErrorHandling(async (request: Request) => {
  const { pinId } = await parseJsonBody(request, useSchema);
  await markPinUsed(getRuntimeContext().db, { pinId });
  return Response.json({ ok: true });
});
