import { z } from "zod";
import { cancelLanding } from "@/lib/checks/gate/landing-gates.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const cancelSchema = z.object({ repoId: z.string().uuid() }).strict();

// POST /api/worktrees/land/cancel – stop the checks of the repository's lands (a land or a queue); nothing lands
export const POST = withLocalRepo(
  { body: cancelSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  ({ ctx, body }) => Promise.resolve(Response.json(cancelLanding(ctx.checks.gates, body.repoId))),
);
