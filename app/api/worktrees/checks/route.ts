import { z } from "zod";
import { readWorktreeChecks, runWorktreeChecks } from "@/lib/checks/run/worktree-checks.ts";
import { worktreeTarget } from "@/lib/worktrees/worktree-request.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const targetSchema = z.object(worktreeTarget).strict();

// GET /api/worktrees/checks – the latest result of each of the repository's checks in a worktree
export const GET = withLocalRepo(
  { query: targetSchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, query }) => Response.json(await readWorktreeChecks(ctx.db, query)),
);

// POST /api/worktrees/checks – run the checks in a worktree now (a run already going there is cancelled)
export const POST = withLocalRepo(
  { body: targetSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await runWorktreeChecks(ctx, body), { status: 202 }),
);
