import { z } from "zod";
import { listApprovals } from "@/lib/approvals/list-approvals.ts";
import { getDb } from "@/lib/db/client.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";

const querySchema = z.object({
  sessionId: z.string().uuid().optional(),
  repoId: z.string().uuid().optional(),
  status: z.enum(["pending", "all"]).default("pending"),
});

// GET /api/approvals?sessionId=…|repoId=…&status=pending – requests agents are waiting on (or all recent ones)
export const GET = withErrorHandling(async (request: Request) =>
  Response.json({ approvals: await listApprovals(getDb(), parseSearchParams(request, querySchema)) }),
);
