import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { previewTidy } from "@/lib/worktrees/tidy/tidy-up.ts";
import { withLocalRepo } from "@/lib/team/with-local-repo.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });
const optionsSchema = z.object({ removeMerged: z.boolean(), deleteDependencies: z.boolean() }).strict();

// POST /api/repos/:repoId/tidy/preview – each worktree's disk use, merged/idle, and what Reclaim would do (touches nothing)
export const POST = withLocalRepo(
  { params: paramsSchema, body: optionsSchema, repo: ({ params }) => params },
  async ({ params, body }) => Response.json(await previewTidy(getDb(), { repoId: params.repoId, options: body })),
);
