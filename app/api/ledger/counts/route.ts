import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { countLedger } from "@/lib/ledger/list-entries.ts";

const querySchema = z.object({ repoId: z.string().uuid() });

// GET /api/ledger/counts?repoId=… – open tasks and decisions in force, per worktree and for the repository
export const GET = withErrorHandling(async (request: Request) => {
  return Response.json(await countLedger(getDb(), parseSearchParams(request, querySchema)));
});
