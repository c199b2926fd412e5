import { z } from "zod";
import { autoFixSettingShape } from "@/lib/checks/auto-fix/auto-fix-setting.ts";
import { setWorktreeAutoFix } from "@/lib/checks/set-worktree-auto-fix.ts";
import { withLocalRepo } from "@/lib/context/with-local-repo.ts";
import { worktreeTarget } from "@/lib/worktrees/worktree-request.ts";

const autoFixSchema = z.object({ ...worktreeTarget, ...autoFixSettingShape }).strict();

// PUT /api/worktrees/checks/auto-fix – turn a worktree's automatic "Fix with Claude" on or off, and how many in a row
export const PUT = withLocalRepo(
  { body: autoFixSchema, repo: ({ body }) => ({ repoId: body.repoId }) },
  async ({ ctx, body }) => Response.json({ autoFix: await setWorktreeAutoFix(ctx, body) }),
);
