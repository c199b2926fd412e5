import { AppError } from "@/lib/errors/app-error.ts";
import { sandboxSettingsJson, type SandboxSettings } from "./sandbox-settings.ts";

/** Values `--permission-mode` accepts in Claude Code 2.1.197 and 2.1.332 (whose help names `default` "manual"). */
export const PERMISSION_MODES = ["default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"] as const;

export type PermissionMode = (typeof PERMISSION_MODES)[number];

export interface ClaudeArgsInput {
  sessionId: string;
  model?: string;
  permissionMode: PermissionMode;
  allowedTools: string[];
  disallowedTools: string[];
  /**
   * Arbor's own helper turns (summaries, tree proposals): no hooks fire (they would be captured
   * and recorded as if the user had run them, and could feed back into themselves) and no
   * transcript is written into the worktree's session history.
   */
  isInternal?: boolean;
  /**
   * Chat runs: the Agent SDK's transport (`--input-format stream-json --permission-prompt-tool
   * stdio`), so the CLI asks Arbor before a tool runs instead of denying it (see runClaude).
   */
  isConversation?: boolean;
  /**
   * Load the project's `.claude/settings*.json`, `.mcp.json`, CLAUDE.md, skills, agents and
   * commands: only for a repository the user trusted. Otherwise the run gets
   * `--setting-sources user --strict-mcp-config` (see PROJECT_SETTINGS_OFF). Internal turns never do.
   */
  useProjectSettings: boolean;
  /** JSON passed with `--settings` to a run without project settings (Arbor's own hooks; never for internal turns). */
  extraSettings?: string;
  /** Run Bash in Claude Code's sandbox (a worktree whose agents were started sandboxed); never for internal turns. */
  sandbox?: SandboxSettings;
}

/**
 * Turns off a repository's own Claude Code config (verified with 2.1.197): `--setting-sources user`
 * runs no project hooks, env (ANTHROPIC_BASE_URL), permission rules, `.mcp.json`, skills, agents,
 * commands or CLAUDE.md; `--strict-mcp-config` keeps out every MCP server, the user's included,
 * should a later CLI read `.mcp.json` itself. Hooks given with `--settings` still run.
 */
export const PROJECT_SETTINGS_OFF = ["--setting-sources", "user", "--strict-mcp-config"] as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Builds the argv for one `claude -p` turn. The prompt is deliberately not in argv: it goes on
 * stdin (no 128 KiB per-argument limit, never parsed as a flag). Every value is validated so user
 * configuration cannot smuggle in an option; `bypassPermissions` only appears when it is the
 * configured mode, and `--dangerously-skip-permissions` is never added.
 */
export function buildClaudeArgs(input: ClaudeArgsInput): string[] {
  if (!UUID_PATTERN.test(input.sessionId)) {
    throw new AppError("invalid_input", "The Claude session id must be a UUID.", {
      details: { sessionId: input.sessionId },
    });
  }
  if (!(PERMISSION_MODES as readonly string[]).includes(input.permissionMode)) {
    throw new AppError(
      "invalid_input",
      `Unknown permission mode "${input.permissionMode}". Use one of: ${PERMISSION_MODES.join(", ")}.`,
      {
        details: { permissionMode: input.permissionMode },
      },
    );
  }
  const args = [
    "-p",
    "--output-format",
    "stream-json",
    "--verbose",
    "--include-partial-messages",
    "--session-id",
    input.sessionId,
  ];
  if (input.isConversation) args.push("--input-format", "stream-json", "--permission-prompt-tool", "stdio");
  if (input.model !== undefined) args.push("--model", checkValue({ value: input.model, label: "model" }));
  args.push("--permission-mode", input.permissionMode);
  const allowed = input.allowedTools.map((tool) => checkValue({ value: tool, label: "allowed tool" }));
  const disallowed = input.disallowedTools.map((tool) => checkValue({ value: tool, label: "disallowed tool" }));
  if (allowed.length > 0) args.push("--allowedTools", ...allowed);
  if (disallowed.length > 0) args.push("--disallowedTools", ...disallowed);
  if (input.isInternal || !input.useProjectSettings) args.push(...PROJECT_SETTINGS_OFF);
  if (input.isInternal) {
    args.push("--settings", JSON.stringify({ disableAllHooks: true }), "--no-session-persistence");
    return args;
  }
  const settings = {
    ...(!input.useProjectSettings && input.extraSettings !== undefined ? parseSettings(input.extraSettings) : {}),
    ...(input.sandbox ? { sandbox: sandboxSettingsJson(input.sandbox) } : {}),
  };
  if (Object.keys(settings).length > 0) args.push("--settings", JSON.stringify(settings));
  return args;
}

function parseSettings(json: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new AppError("invalid_input", "Extra settings for claude must be a JSON object.");
  }
  return parsed as Record<string, unknown>;
}

function checkValue(params: { value: string; label: string }): string {
  const { value, label } = params;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.startsWith("-") || /[\0\r\n]/.test(value)) {
    throw new AppError(
      "invalid_input",
      `Invalid ${label} "${value}": it must be non-empty, on one line, and must not start with "-".`,
      {
        details: { [label]: value },
      },
    );
  }
  return trimmed;
}
