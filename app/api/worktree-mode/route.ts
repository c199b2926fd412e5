import { z } from "zod";
import { readWorktreePermissions, saveWorktreeMode, WORKTREE_MODES } from "@/lib/approvals/worktree-mode.ts";
import { parseSearchParams, withErrorHandling } from "@/lib/http/route-handler.ts";
import { resolvePinnedWorktree } from "@/lib/pins/resolve-pinned-worktree.ts";
import { readEffectiveSettings } from "@/lib/settings/repo-settings-store.ts";
import { isRepositoryTrusted } from "@/lib/trust/repo-trust.ts";
import { getRuntimeContext } from "@/lib/context/current-context.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";

const worktreeSchema = z.object({ repoId: z.string().uuid(), worktreePath: z.string().min(1).max(4096) });

// GET /api/worktree-mode?repoId=…&worktreePath=… – the worktree's permission mode (the Settings default unless
// chosen), and Claude Code's sandbox when its agents run in one (a sandboxed plan's node)
export const GET = withErrorHandling(async (request: Request) => {
  const query = parseSearchParams(request, worktreeSchema);
  const db = getRuntimeContext().db;
  const { permissionMode } = await readEffectiveSettings(db, query.repoId);
  return Response.json(await readWorktreePermissions(db, { ...query, fallback: permissionMode }));
});

// PUT /api/worktree-mode – remember the mode chosen in the chat header (Bypass: trusted repositories only);
// `sandbox: null` takes the worktree out of Claude Code's sandbox (its commands ask again)
export const PUT = withLocalRepo(
  {
    body: worktreeSchema.extend({ mode: z.enum(WORKTREE_MODES), sandbox: z.null().optional() }).strict(),
    repo: ({ body }) => ({ repoId: body.repoId }),
  },
  async ({ ctx, body }) => {
    const { worktree } = await resolvePinnedWorktree(ctx.db, body);
    const isTrusted = await isRepositoryTrusted(ctx.db, body.repoId);
    const mode = await saveWorktreeMode(ctx.db, { ...body, worktreePath: worktree.path, isTrusted });
    await ctx.warmPool.discard({ worktreePath: worktree.path });
    return Response.json({ mode });
  },
);
