import { z } from "zod";
import { listApprovals } from "@/lib/approvals/list-approvals.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const querySchema = z.object({
  sessionId: z.string().uuid().optional(),
  repoId: z.string().uuid().optional(),
  status: z.enum(["pending", "all"]).default("pending"),
});

// GET /api/approvals[?sessionId=…|repoId=…][&status=all] – requests agents are waiting on (all of Arbor
// without a filter), or the recent ones of a session or repository
export const GET = withErrorHandling(async (request: Request) =>
  Response.json({ approvals: await listApprovals(getRuntimeContext().db, parseSearchParams(request, querySchema)) }),
);
