import { z } from "zod";
import { landTarget } from "@/lib/worktrees/worktree-request.ts";
import { landWorktree } from "@/lib/worktrees/land/land-worktree.ts";
import { LAND_METHODS } from "@/lib/worktrees/worktree-types.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

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
export const POST = withLocalRepo(
  { body: landSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await landWorktree(ctx, body)),
);
