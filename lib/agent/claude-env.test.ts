import { describe, expect, it } from "vitest";
import { buildClaudeEnv, type EnvMap } from "./claude-env.ts";

describe("buildClaudeEnv", () => {
  const inherited: EnvMap = {
    PATH: "/usr/bin",
    HOME: "/home/me",
    CLAUDE_CONFIG_DIR: "/home/me/.claude-work",
    ANTHROPIC_API_KEY: "sk-live",
    ANTHROPIC_BASE_URL: "https://proxy.example",
    CLAUDECODE: "1",
    CLAUDE_CODE_ENTRYPOINT: "cli",
    CLAUDE_CODE_CHILD_SESSION: "1",
    CLAUDE_CODE_MAX_RETRIES: "7",
    ARBOR_CLAUDE_ENV_CLAUDE_CODE_MAX_RETRIES: "1",
    ARBOR_CLAUDE_ENV_DISABLE_TELEMETRY: "1",
    ARBOR_CLAUDE_ENV_: "ignored",
    UNSET: undefined,
  };

  it("drops the parent's Claude Code session variables and keeps the rest", () => {
    const env = buildClaudeEnv({ inherited });
    expect(env).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/me",
      CLAUDE_CONFIG_DIR: "/home/me/.claude-work",
      ANTHROPIC_API_KEY: "sk-live",
      ANTHROPIC_BASE_URL: "https://proxy.example",
      CLAUDE_CODE_MAX_RETRIES: "1",
      DISABLE_TELEMETRY: "1",
    });
  });

  it("applies overrides last and leaves the input untouched", () => {
    const copy = { ...inherited };
    const env = buildClaudeEnv({ inherited, overrides: { CLAUDE_CODE_MAX_RETRIES: "0", HOME: "/tmp/home" } });
    expect(env.CLAUDE_CODE_MAX_RETRIES).toBe("0");
    expect(env.HOME).toBe("/tmp/home");
    expect(inherited).toEqual(copy);
  });
});
