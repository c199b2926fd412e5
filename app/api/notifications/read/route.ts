import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { markNotificationsRead } from "@/lib/hook-policies/notifier.ts";

const readSchema = z.union([
  z.object({ id: z.number().int().positive() }),
  z.object({ worktreePath: z.string().min(1).max(4096) }),
]);

// POST /api/notifications/read – mark one notification ({id}) or a worktree's ({worktreePath}) as read
export const POST = withErrorHandling(async (request: Request) => {
  return Response.json({
    marked: await markNotificationsRead(getRuntimeContext(), await parseJsonBody(request, readSchema)),
  });
});
