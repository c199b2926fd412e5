import { z } from "zod";
import { removeWorktree } from "@/lib/worktrees/remove/remove-worktree.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const removeSchema = z
  .object({
    repoId: z.string().uuid(),
    worktreePath: z.string().min(1).max(4096),
    /** Also delete its branch, when git agrees it is merged. */
    deleteBranch: z.boolean().optional(),
    /** Only say what stops the removal. */
    dryRun: z.boolean().optional(),
    /** The ignored files only this worktree has may be deleted with it (the user saw them). */
    discardIgnored: z.boolean().optional(),
  })
  .strict();

// POST /api/worktrees/remove – remove a linked worktree safely (refused with reasons), archive its conversation
export const POST = withLocalRepo(
  { body: removeSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await removeWorktree(ctx, body)),
);
