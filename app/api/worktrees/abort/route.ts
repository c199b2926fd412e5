import { z } from "zod";
import { worktreeTarget } from "@/lib/worktrees/worktree-request.ts";
import { abortOperation } from "@/lib/worktrees/land/operation-state.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const abortSchema = z.object(worktreeTarget).strict();

// POST /api/worktrees/abort – git rebase --abort (or merge --abort) in the worktree
export const POST = withLocalRepo(
  { body: abortSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json(await abortOperation(ctx, body)),
);
