import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { parseJsonBody, withErrorHandling } from "@/lib/http/route-handler.ts";
import { reclaimTidy } from "@/lib/worktrees/tidy/tidy-up.ts";

type Context = { params: Promise<{ repoId: string }> };
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
export const POST = withErrorHandling(async (request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  const { actions } = await parseJsonBody(request, reclaimSchema);
  return Response.json(await reclaimTidy(getDb(), { repoId, actions }));
});
