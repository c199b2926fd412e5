import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { listNotifications } from "@/lib/hook-policies/notifier.ts";

const querySchema = z.object({ unread: z.enum(["0", "1"]).optional(), worktreePath: z.string().max(4096).optional() });

// GET /api/notifications?unread=1&worktreePath=… – the completion/error inbox, newest first
export const GET = withErrorHandling(async (request: Request) => {
  const { unread, worktreePath } = parseSearchParams(request, querySchema);
  return Response.json({
    notifications: await listNotifications(getRuntimeContext().db, { isUnreadOnly: unread === "1", worktreePath }),
  });
});
