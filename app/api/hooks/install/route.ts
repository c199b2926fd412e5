import { z } from "zod";
import { changeHooks } from "@/lib/hook-ingest/install-hooks.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const installSchema = z.object({
  scope: z.enum(["worktree", "repo", "user"]),
  repoId: z.string().uuid().optional(),
  worktreePath: z.string().min(1).max(4096).optional(),
  action: z.enum(["install", "uninstall"]),
  /** false: preview only. */
  apply: z.boolean(),
});

// POST /api/hooks/install – preview or write (install/uninstall) Arbor's hooks in Claude Code settings
export const POST = withLocalRepo(
  // The user's own settings file belongs to no repository.
  { body: installSchema, repo: ({ body }) => (body.repoId ? { repoId: body.repoId } : null) },
  async ({ ctx, body }) => Response.json({ files: await changeHooks(ctx.db, body) }),
);
