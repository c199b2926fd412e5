/** Prefix of parent variables that are passed to the CLI under their suffix (ARBOR_CLAUDE_ENV_X → X). */
export const PASS_THROUGH_PREFIX = "ARBOR_CLAUDE_ENV_";

/** An environment as a plain map (`process.env` fits; Next.js types make NODE_ENV required on ProcessEnv). */
export type EnvMap = Record<string, string | undefined>;

/**
 * Builds the environment for a `claude` child process. Inherited `CLAUDECODE` and `CLAUDE_CODE_*`
 * variables are dropped: when Arbor itself runs inside a Claude Code session they would make the
 * child behave as a nested session. Everything else is kept (PATH, HOME, CLAUDE_CONFIG_DIR,
 * ANTHROPIC_*). An operator or a test sets a CLI variable on purpose as `ARBOR_CLAUDE_ENV_<NAME>`
 * (e.g. `ARBOR_CLAUDE_ENV_CLAUDE_CODE_MAX_RETRIES=1`); `overrides` are applied last.
 */
export function buildClaudeEnv(params: {
  inherited: EnvMap;
  overrides?: Record<string, string>;
}): Record<string, string> {
  const env: Record<string, string> = {};
  const passThrough: Record<string, string> = {};
  for (const [name, value] of Object.entries(params.inherited)) {
    if (value === undefined) continue;
    if (name.startsWith(PASS_THROUGH_PREFIX)) {
      const target = name.slice(PASS_THROUGH_PREFIX.length);
      if (target.length > 0) passThrough[target] = value;
      continue;
    }
    if (name === "CLAUDECODE" || name.startsWith("CLAUDE_CODE_")) continue;
    env[name] = value;
  }
  return { ...env, ...passThrough, ...params.overrides };
}
