import { z } from "zod";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { countLedger } from "@/lib/ledger/list-entries.ts";

const querySchema = z.object({ repoId: z.string().uuid() });

// GET /api/ledger/counts?repoId=… – open tasks and decisions in force, per worktree and for the repository
export const GET = withErrorHandling(async (request: Request) => {
  return Response.json(await countLedger(getRuntimeContext().db, parseSearchParams(request, querySchema)));
});
