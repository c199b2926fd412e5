import { z } from "zod";
import { worktreeTarget } from "@/lib/worktrees/worktree-request.ts";
import { fixCiCheck } from "@/lib/worktrees/ship/fix-ci-check.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const fixSchema = z.object({ ...worktreeTarget, check: z.string().min(1).max(500) }).strict();

// POST /api/worktrees/pull-request/fix – send a failed CI check's failing tests and log to Claude (202, as a send)
export const POST = withLocalRepo(
  { body: fixSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await fixCiCheck(ctx, body), { status: 202 }),
);
