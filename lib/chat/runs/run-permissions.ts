import type { PermissionMode } from "@/lib/agent/claude-args.ts";
import { listRulesForWorktree } from "@/lib/approvals/permission-rules.ts";
import { formatToolRule } from "@/lib/approvals/classify-request.ts";
import { readWorktreeMode } from "@/lib/approvals/worktree-mode.ts";
import type { Db } from "@/lib/db/client.ts";
import type { Settings } from "@/lib/settings/settings-schema.ts";
import type { RunJob } from "./run-job.ts";

/**
 * The permissions a chat run starts with: the worktree's mode (chosen in its chat header; else the
 * default mode of Settings, the repository's override first) and the allowed tools (Settings plus every "Allow always" rule of the worktree, its
 * repository and Arbor-wide). Bypass is never used in an untrusted repository: such a run asks
 * instead, and `notice` says so.
 */
export async function resolveRunPermissions(
  db: Db,
  input: { job: Pick<RunJob, "repoId" | "worktreePath">; settings: Settings; isTrusted: boolean },
): Promise<{ permissionMode: PermissionMode; allowedTools: string[]; notice: string | null }> {
  const chosen = await readWorktreeMode(db, {
    repoId: input.job.repoId,
    worktreePath: input.job.worktreePath,
    fallback: input.settings.permissionMode,
  });
  const rules = await listRulesForWorktree(db, { repoId: input.job.repoId, worktreePath: input.job.worktreePath });
  const allowedTools = [...new Set([...input.settings.allowedTools, ...rules.map(formatToolRule)])];
  if (chosen === "bypassPermissions" && !input.isTrusted) {
    return {
      permissionMode: "default",
      allowedTools,
      notice:
        "Bypass is off because this repository is not trusted: Claude asks before it acts. Trust the repository to use Bypass.",
    };
  }
  return { permissionMode: chosen, allowedTools, notice: null };
}
