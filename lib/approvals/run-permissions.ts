import type { PermissionMode } from "@/lib/agent/claude-args.ts";
import type { SandboxSettings } from "@/lib/agent/sandbox-settings.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import type { ToolRule } from "@/lib/realtime/approval-view.ts";
import type { Settings } from "@/lib/settings/settings-schema.ts";
import { formatToolRule, isSafeToolRule } from "./classify-request.ts";
import { listRulesForWorktree } from "./permission-rules.ts";
import { readWorktreePermissions } from "./worktree-mode.ts";

/** The permissions a chat run starts with; `notice` tells the user when the chosen mode was not used. */
export interface RunPermissions {
  permissionMode: PermissionMode;
  allowedTools: string[];
  /** Claude Code's sandbox for the run's Bash commands, when the worktree's agents were started in it. */
  sandbox: SandboxSettings | null;
  notice: string | null;
}

/**
 * The permissions a chat run starts with: the worktree's mode (chosen in its chat header; else the
 * default mode of Settings, the repository's override first) and the allowed tools (Settings plus every "Allow always" rule of the worktree, its
 * repository and Arbor-wide). Bypass is never used in an untrusted repository: such a run asks
 * instead, and `notice` says so.
 */
export async function resolveRunPermissions(
  db: Db,
  input: { job: { repoId: string; worktreePath: string }; settings: Settings; isTrusted: boolean },
): Promise<RunPermissions> {
  const { mode: chosen, sandbox } = await readWorktreePermissions(db, {
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
      sandbox,
      notice:
        "Bypass is off because this repository is not trusted: Claude asks before it acts. Trust the repository to use Bypass.",
    };
  }
  return { permissionMode: chosen, allowedTools, sandbox, notice: null };
}

/**
 * "Allow and retry": the tools an earlier run was refused, as allowed tools of the new run only.
 * Throws AppError (invalid_input) for a rule that is not a tool name and one line of rule text.
 */
export function toRetryAllowedTools(rules: readonly ToolRule[]): string[] {
  return rules.map((rule) => {
    if (!isSafeToolRule(rule)) {
      throw new AppError(
        "invalid_input",
        `"${formatToolRule(rule)}" cannot be allowed: use a tool name and one line of rule text.`,
      );
    }
    return formatToolRule(rule);
  });
}
