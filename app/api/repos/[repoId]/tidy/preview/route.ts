import { z } from "zod";
import { previewTidy } from "@/lib/worktrees/tidy/tidy-up.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });
const optionsSchema = z.object({ removeMerged: z.boolean(), deleteDependencies: z.boolean() }).strict();

// POST /api/repos/:repoId/tidy/preview – each worktree's disk use, merged/idle, and what Reclaim would do (touches nothing)
export const POST = withLocalRepo(
  { params: paramsSchema, body: optionsSchema, repo: ({ params }) => params },
  async ({ ctx, params, body }) => Response.json(await previewTidy(ctx, { repoId: params.repoId, options: body })),
);
