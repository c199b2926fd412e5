import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { landTarget } from "@/lib/worktrees/worktree-request.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { landWorktree } from "@/lib/worktrees/land/land-worktree.ts";
import { LAND_METHODS } from "@/lib/worktrees/worktree-types.ts";

const landSchema = z
  .object({
    ...landTarget,
    method: z.enum(LAND_METHODS),
    /** The base commit the user previewed; refused when the base has moved since. */
    baseCommit: z
      .string()
      .regex(/^[0-9a-f]{40,64}$/)
      .optional(),
  })
  .strict();

// POST /api/worktrees/land – merge the worktree's branch into its base (refused unless the land check is clean)
export const POST = withErrorHandling(async (request: Request) =>
  Response.json(await landWorktree(getDb(), await parseJsonBody(request, landSchema))),
);
