import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { stopSetup } from "@/lib/worktrees/setup/setup-stops.ts";

const stopSchema = z.object({ setupId: z.string().uuid() }).strict();

// POST /api/worktrees/setup/stop – stops a new worktree's setup command while it runs (the worktree stays)
export const POST = withErrorHandling(async (request: Request) => {
  const { setupId } = await parseJsonBody(request, stopSchema);
  return Response.json(stopSetup(getRuntimeContext().setupStops, setupId));
});
