import { z } from "zod";
import { reclaimTidy } from "@/lib/worktrees/tidy/tidy-up.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });
const reclaimSchema = z
  .object({
    /** The actions of the preview the user confirmed; each is checked again before it runs. */
    actions: z
      .array(
        z
          .object({
            kind: z.enum(["remove_worktree", "delete_dependencies"]),
            worktreePath: z.string().min(1).max(4096),
            folders: z.array(z.string().min(1).max(4096)).max(1000),
          })
          .strict(),
      )
      .max(500),
  })
  .strict();

// POST /api/repos/:repoId/tidy/reclaim – remove merged idle worktrees / delete idle worktrees' dependency folders
export const POST = withLocalRepo(
  { params: paramsSchema, body: reclaimSchema, repo: ({ params }) => params },
  async ({ ctx, params, body }) =>
    Response.json(await reclaimTidy(ctx, { repoId: params.repoId, actions: body.actions })),
);
