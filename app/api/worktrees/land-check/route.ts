import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { landTarget } from "@/lib/worktrees/worktree-request.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { previewLanding } from "@/lib/worktrees/land/land-preview.ts";

const landCheckSchema = z.object(landTarget).strict();

// POST /api/worktrees/land-check – would the worktree's branch merge cleanly into its base, and the hunks if not? (touches nothing)
export const POST = withErrorHandling(async (request: Request) =>
  Response.json(await previewLanding(getDb(), await parseJsonBody(request, landCheckSchema))),
);
