import { createHash, randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import { buildClaudeArgs } from "@/lib/agent/claude-args.ts";
import { inheritedClaudeEnv } from "@/lib/agent/run-internal-turn.ts";
import type { WarmLimits } from "@/lib/agent/warm-pool.ts";
import { startConversation, type StartedConversation } from "@/lib/agent/warm-conversation.ts";
import type { ApprovalsPort } from "@/lib/approvals/approvals-port.ts";
import { getConfig } from "@/lib/config/current-config.ts";
import { buildClaudeGitEnv } from "@/lib/git/safety/claude-git-env.ts";
import type { Settings } from "@/lib/settings/settings-schema.ts";
import type { TrustPort } from "@/lib/trust/repo-trust.ts";

/** Files whose change changes what a new `claude` would load: a warm one started before is stale. */
const WORKTREE_FILES = [
  "CLAUDE.md",
  "CLAUDE.local.md",
  ".claude/CLAUDE.md",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".mcp.json",
];
const USER_FILES = ["settings.json", "CLAUDE.md"];

/** How a chat run in a worktree would start `claude` right now. */
export interface ConversationPlan {
  /** Everything the process depends on, hashed: a warm process is used only when this still matches. */
  key: string;
  isTrusted: boolean;
  notice: string | null;
  start(claudeSessionId: string): StartedConversation;
}

/**
 * The argv, environment and key of a chat run's `claude` in this worktree, decided now (throws
 * AppError on invalid settings). Unless the repository is trusted, the run gets no project
 * settings (Arbor's own hooks come through `--settings`) and its git runs without the repository's
 * programs (refused with AppError when one cannot be switched off); the binary is the one resolved
 * safely from Settings.
 */
export async function planConversation(
  { trust, approvals }: { trust: TrustPort; approvals: ApprovalsPort },
  input: { repoId: string; worktreePath: string; settings: Settings; extraAllowedTools?: string[] },
): Promise<ConversationPlan> {
  const { settings } = input;
  const isTrusted = await trust.isTrusted(input.repoId);
  const permissions = await approvals.runPermissions({
    job: { repoId: input.repoId, worktreePath: input.worktreePath },
    settings,
    isTrusted,
  });
  const arborHooks = isTrusted ? null : trust.arborHooksFor(input.worktreePath);
  // Claude Code runs git itself (status and log at start, its tools later): not with this repository's programs.
  const gitSafetyEnv = isTrusted
    ? undefined
    : await buildClaudeGitEnv({ worktreePath: input.worktreePath, inherited: inheritedClaudeEnv() });
  const claude = await trust.claudeCommand(settings);
  const argsFor = (sessionId: string) =>
    buildClaudeArgs({
      sessionId,
      ...(settings.model ? { model: settings.model } : {}),
      permissionMode: permissions.permissionMode,
      allowedTools: [...new Set([...permissions.allowedTools, ...(input.extraAllowedTools ?? [])])],
      disallowedTools: settings.disallowedTools,
      isConversation: true,
      useProjectSettings: isTrusted,
      ...(arborHooks ? { extraSettings: arborHooks } : {}),
      ...(permissions.sandbox ? { sandbox: permissions.sandbox } : {}),
    });
  const probeArgs = argsFor(randomUUID());
  const key = createHash("sha256")
    .update(
      JSON.stringify({
        bin: claude.bin,
        args: probeArgs.filter((_arg, index) => probeArgs[index - 1] !== "--session-id"),
        gitSafetyEnv,
        cwd: input.worktreePath,
        files: await fileStamps(input.worktreePath),
      }),
    )
    .digest("hex");
  return {
    key,
    isTrusted,
    notice: permissions.notice,
    start: (claudeSessionId) =>
      startConversation({
        bin: claude.bin,
        binProblem: claude.problem,
        args: argsFor(claudeSessionId),
        cwd: input.worktreePath,
        env: inheritedClaudeEnv(gitSafetyEnv),
        timeoutMs: settings.runTimeoutSeconds * 1000,
      }),
  };
}

export function warmLimitsOf(settings: Settings): WarmLimits {
  return {
    maxCount: settings.warmCliMax,
    idleMs: settings.warmCliIdleSeconds * 1000,
    maxRssBytes: settings.warmCliMemoryMb * 1024 * 1024,
  };
}

async function fileStamps(worktreePath: string): Promise<Array<string | null>> {
  const files = [
    ...WORKTREE_FILES.map((name) => path.join(worktreePath, name)),
    ...USER_FILES.map((name) => path.join(getConfig().claudeConfigDir, name)),
  ];
  return Promise.all(
    files.map((file) =>
      stat(file).then(
        (info) => `${file}:${info.mtimeMs}:${info.size}`,
        () => null,
      ),
    ),
  );
}
