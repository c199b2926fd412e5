import { z } from "zod";
import { runRepoRetention } from "@/lib/retention/run-repo-retention.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const paramsSchema = z.object({ repoId: z.string().uuid() });
const bodySchema = z.strictObject({ apply: z.boolean().default(false) });

// POST /api/repos/:repoId/retention – what the repository's retention settings would delete ({ apply: true }: delete it now)
export const POST = withLocalRepo(
  // A dry run only reads the database; deleting is the owner's.
  { params: paramsSchema, body: bodySchema, repo: ({ params, body }) => (body.apply ? params : null) },
  async ({ ctx, params, body }) => Response.json(await runRepoRetention(ctx.db, { ...params, apply: body.apply })),
);
