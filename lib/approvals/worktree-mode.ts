import type { PermissionMode } from "@/lib/agent/claude-args.ts";
import { readStoredDomains, type SandboxSettings } from "@/lib/agent/sandbox-settings.ts";
import type { Db } from "@/lib/db/client.ts";
import { AppError } from "@/lib/errors/app-error.ts";

import { WORKTREE_MODES, type WorktreeMode } from "./worktree-mode-types.ts";

export { WORKTREE_MODES, type WorktreeMode };

/**
 * The worktree's permission mode: what was chosen in its chat header, else the default from
 * Settings (the repository's override, else Arbor-wide) when a worktree offers it and it is not
 * Bypass, else Ask. And whether its agents run in Claude Code's sandbox, with which domains (null:
 * they do not). One read of the worktree's row.
 */
export async function readWorktreePermissions(
  db: Db,
  input: { repoId: string; worktreePath: string; fallback: PermissionMode },
): Promise<{ mode: WorktreeMode; sandbox: SandboxSettings | null }> {
  const row = await db.worktreePermissionMode.findUnique({
    where: { repoId_worktreePath: { repoId: input.repoId, worktreePath: input.worktreePath } },
  });
  const allowedDomains = readStoredDomains(row?.sandboxDomains ?? null);
  return { mode: modeOf(row?.permissionMode, input.fallback), sandbox: allowedDomains && { allowedDomains } };
}

function modeOf(chosen: string | undefined, fallback: PermissionMode): WorktreeMode {
  const offered = WORKTREE_MODES as readonly string[];
  if (chosen !== undefined && offered.includes(chosen)) return chosen as WorktreeMode;
  // Bypass is never a default: only a choice made for this worktree in its header (trusted repositories).
  if (fallback === "bypassPermissions") return "default";
  return offered.includes(fallback) ? (fallback as WorktreeMode) : "default";
}

/**
 * Remembers a worktree's mode; Bypass is refused unless the repository is trusted. `sandbox`, when
 * given, puts every later run of the worktree in Claude Code's sandbox (a sandboxed plan's nodes);
 * a later change of mode in the chat header keeps it, and null (Leave the sandbox) ends it.
 */
export async function saveWorktreeMode(
  db: Db,
  input: {
    repoId: string;
    worktreePath: string;
    mode: WorktreeMode;
    isTrusted: boolean;
    /** Claude Code's sandbox for the worktree's agents; null takes the worktree out of it, absent keeps it. */
    sandbox?: SandboxSettings | null;
  },
): Promise<WorktreeMode> {
  if (input.mode === "bypassPermissions" && !input.isTrusted) {
    throw new AppError(
      "invalid_input",
      "Bypass lets Claude run any command without asking: it is only offered in a repository you trust. Trust the repository first.",
    );
  }
  const sandboxColumn =
    input.sandbox === undefined
      ? {}
      : { sandboxDomains: input.sandbox === null ? null : JSON.stringify(input.sandbox.allowedDomains) };
  await db.worktreePermissionMode.upsert({
    where: { repoId_worktreePath: { repoId: input.repoId, worktreePath: input.worktreePath } },
    create: { repoId: input.repoId, worktreePath: input.worktreePath, permissionMode: input.mode, ...sandboxColumn },
    update: { permissionMode: input.mode, ...sandboxColumn },
  });
  return input.mode;
}
