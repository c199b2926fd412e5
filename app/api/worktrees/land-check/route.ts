import { z } from "zod";
import { landTarget } from "@/lib/worktrees/worktree-request.ts";
import { previewLanding } from "@/lib/worktrees/land/land-preview.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const landCheckSchema = z.object(landTarget).strict();

// POST /api/worktrees/land-check – would the worktree's branch merge cleanly into its base, and the hunks if not? (touches nothing)
export const POST = withLocalRepo(
  { body: landCheckSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await previewLanding(ctx, body)),
);
