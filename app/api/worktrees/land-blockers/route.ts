import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { landTarget } from "@/lib/worktrees/worktree-request.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { previewLandingBlockers } from "@/lib/worktrees/land/land-preview.ts";

const landBlockersSchema = z.object(landTarget).strict();

// POST /api/worktrees/land-blockers – what must happen before the worktree's branch can land (uncommitted changes, runs, a stopped rebase)
export const POST = withErrorHandling(async (request: Request) =>
  Response.json(await previewLandingBlockers(getDb(), await parseJsonBody(request, landBlockersSchema))),
);
