import { z } from "zod";
import { pathTokenParam, worktreeParams } from "@/lib/changes/changes-params.ts";
import { commitChanges } from "@/lib/changes/commit-changes.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const bodySchema = worktreeParams.extend({
  message: z.string().max(64 * 1024),
  files: z
    .array(
      z.object({
        path: pathTokenParam,
        oldPath: pathTokenParam.nullable().optional(),
        hunks: z.array(z.string().max(200)).min(1).max(10_000).optional(),
      }),
    )
    .max(20_000),
});

// POST /api/changes/commit – commit the chosen files or hunks (hooks run in trusted repositories only)
export const POST = withLocalRepo(
  { body: bodySchema, maxBodyBytes: 16 * 1024 * 1024, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json({ result: await commitChanges(ctx, body) }),
);
