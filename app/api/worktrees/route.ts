import { z } from "zod";
import { createWorktree, readNewWorktreeOptions } from "@/lib/worktrees/create/create-worktree.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const querySchema = z.object({ repoId: z.string().uuid() });
const createSchema = z
  .object({
    repoId: z.string().uuid(),
    branch: z.string().trim().min(1, "Give the new branch a name").max(250),
    /** The branch to start from; the default branch when left out. */
    base: z.string().min(1).max(250).optional(),
    /** Absolute folder for the worktree; next to the main worktree when left out. */
    worktreePath: z.string().trim().min(1).max(4096).optional(),
    /** The id the dialog chose: the setup command's output is sent live as `setup_output` messages with it. */
    setupId: z.string().uuid().optional(),
  })
  .strict();

// GET /api/worktrees?repoId=… – what the New worktree dialog proposes: branches, default branch, naming rule, setup
export const GET = withLocalRepo(
  { query: querySchema, repo: ({ query }) => ({ repoId: query.repoId }) },
  async ({ ctx, query }) => Response.json({ options: await readNewWorktreeOptions(ctx.db, query.repoId) }),
);

// POST /api/worktrees – create a branch and its worktree, then run the repository's worktree setup
export const POST = withLocalRepo(
  { body: createSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await createWorktree(ctx, body), { status: 201 }),
);
