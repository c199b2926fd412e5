import { z } from "zod";
import { pathTokenParam, worktreeParams } from "@/lib/changes/changes-params.ts";
import { draftCommitMessage } from "@/lib/changes/draft-commit-message.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const bodySchema = worktreeParams.extend({
  files: z
    .array(
      z.object({
        path: pathTokenParam,
        oldPath: pathTokenParam.nullable().optional(),
        display: z.string().max(16_384),
        kind: z.string().max(40),
      }),
    )
    .max(20_000),
});

// POST /api/changes/commit-message – a commit message drafted by the summary model (a plain one if it fails)
export const POST = withLocalRepo(
  { body: bodySchema, maxBodyBytes: 16 * 1024 * 1024, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json({ draft: await draftCommitMessage(ctx, body) }),
);
