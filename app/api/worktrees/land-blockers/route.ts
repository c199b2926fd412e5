import { z } from "zod";
import { landTarget } from "@/lib/worktrees/worktree-request.ts";
import { previewLandingBlockers } from "@/lib/worktrees/land/land-preview.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const landBlockersSchema = z.object(landTarget).strict();

// POST /api/worktrees/land-blockers – what must happen before the worktree's branch can land (uncommitted changes, runs, a stopped rebase)
export const POST = withLocalRepo(
  { body: landBlockersSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await previewLandingBlockers(ctx, body)),
);
