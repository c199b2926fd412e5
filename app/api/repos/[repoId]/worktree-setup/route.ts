import { z } from "zod";
import { withErrorHandling } from "@/lib/http/route-handler.ts";
import { SETUP_COPY_MAX_FILES, SETUP_TIMEOUT_MAX_SECONDS } from "@/lib/worktrees/worktree-setup.ts";
import { readWorktreeSetup, saveWorktreeSetup } from "@/lib/worktrees/setup/worktree-setup-store.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

type Context = { params: Promise<{ repoId: string }> };
const paramsSchema = z.object({ repoId: z.string().uuid() });
const setupSchema = z
  .object({
    /** Paths relative to the worktree, copied from the main worktree. */
    copyFiles: z.array(z.string().max(1024)).max(SETUP_COPY_MAX_FILES),
    /** argv of the command run in each new worktree (trusted repositories only); [] for none. */
    command: z.array(z.string().max(4096)).max(100),
    timeoutSeconds: z.number().int().min(1).max(SETUP_TIMEOUT_MAX_SECONDS),
  })
  .strict();

// GET /api/repos/:repoId/worktree-setup – what each new worktree of the repository gets
export const GET = withErrorHandling(async (_request: Request, context: Context) => {
  const { repoId } = paramsSchema.parse(await context.params);
  return Response.json({ setup: await readWorktreeSetup(getRuntimeContext().db, repoId) });
});

// PUT /api/repos/:repoId/worktree-setup – files to copy and the setup command for new worktrees
export const PUT = withLocalRepo(
  { params: paramsSchema, body: setupSchema, repo: ({ params }) => params },
  async ({ ctx, params, body }) =>
    Response.json({ setup: await saveWorktreeSetup(ctx.db, { repoId: params.repoId, setup: body }) }),
);
