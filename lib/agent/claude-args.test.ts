import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { buildClaudeArgs, type ClaudeArgsInput } from "./claude-args.ts";

const SESSION_ID = "11111111-2222-4333-8444-555555555555";
const BASE: ClaudeArgsInput = {
  sessionId: SESSION_ID,
  permissionMode: "default",
  allowedTools: [],
  disallowedTools: [],
  useProjectSettings: true,
};

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("buildClaudeArgs", () => {
  it("builds the minimal stream-json argv with the prompt left out", () => {
    expect(buildClaudeArgs(BASE)).toEqual([
      "-p",
      "--output-format",
      "stream-json",
      "--verbose",
      "--include-partial-messages",
      "--session-id",
      SESSION_ID,
      "--permission-mode",
      "default",
    ]);
  });

  it("adds the model and the tool lists, each tool as its own argument", () => {
    const args = buildClaudeArgs({
      ...BASE,
      model: "sonnet",
      permissionMode: "acceptEdits",
      allowedTools: ["Bash(git diff *)", "Read"],
      disallowedTools: ["WebFetch"],
    });
    expect(args.slice(7)).toEqual([
      "--model",
      "sonnet",
      "--permission-mode",
      "acceptEdits",
      "--allowedTools",
      "Bash(git diff *)",
      "Read",
      "--disallowedTools",
      "WebFetch",
    ]);
  });

  it("rejects tool names and models that could be read as options", () => {
    for (const input of [
      { allowedTools: ["--dangerously-skip-permissions"] },
      { disallowedTools: ["-x"] },
      { allowedTools: [" -p"] },
      { allowedTools: [""] },
      { allowedTools: ["Bash\n--verbose"] },
      { model: "--help" },
    ]) {
      const error = errorOf(() => buildClaudeArgs({ ...BASE, ...input }));
      expect(error.code).toBe("invalid_input");
    }
  });

  it("rejects an unknown permission mode and a session id that is not a UUID", () => {
    expect(
      errorOf(() => buildClaudeArgs({ ...BASE, permissionMode: "yolo" as ClaudeArgsInput["permissionMode"] })).message,
    ).toMatch(/Unknown permission mode "yolo"/);
    expect(errorOf(() => buildClaudeArgs({ ...BASE, sessionId: "--resume" })).code).toBe("invalid_input");
  });

  it("only uses bypassPermissions when it is the configured mode, and never the dangerous flag", () => {
    expect(buildClaudeArgs(BASE)).not.toContain("bypassPermissions");
    const bypass = buildClaudeArgs({ ...BASE, permissionMode: "bypassPermissions" });
    expect(bypass).toContain("bypassPermissions");
    expect(bypass).not.toContain("--dangerously-skip-permissions");
  });
});

describe("Arbor's internal turns", () => {
  it("never load the project's settings, and disable hooks and session persistence", () => {
    expect(buildClaudeArgs({ ...BASE, isInternal: true }).slice(-6)).toEqual([
      "--setting-sources",
      "user",
      "--strict-mcp-config",
      "--settings",
      '{"disableAllHooks":true}',
      "--no-session-persistence",
    ]);
    expect(buildClaudeArgs({ ...BASE, isInternal: true, extraSettings: '{"hooks":{}}' })).not.toContain('{"hooks":{}}');
    expect(buildClaudeArgs(BASE)).not.toContain("--settings");
  });
});

describe("runs in a repository the user has not trusted", () => {
  it("read user settings only, start no MCP server, and get Arbor's own hooks through --settings", () => {
    const args = buildClaudeArgs({ ...BASE, useProjectSettings: false, extraSettings: '{"hooks":{}}' });
    expect(args.slice(-5)).toEqual(["--setting-sources", "user", "--strict-mcp-config", "--settings", '{"hooks":{}}']);
    expect(buildClaudeArgs({ ...BASE, useProjectSettings: false })).not.toContain("--settings");
  });

  it("in a trusted repository, load every setting source as Claude Code would", () => {
    const args = buildClaudeArgs({ ...BASE, extraSettings: '{"hooks":{}}' });
    expect(args).not.toContain("--setting-sources");
    expect(args).not.toContain("--strict-mcp-config");
    expect(args).not.toContain("--settings");
  });
});

describe("runs in Claude Code's sandbox", () => {
  const settingsOf = (args: string[]) => JSON.parse(args[args.indexOf("--settings") + 1]!) as Record<string, unknown>;

  it("turn the sandbox on through --settings in a trusted repository, with the allowed domains", () => {
    const args = buildClaudeArgs({ ...BASE, sandbox: { allowedDomains: ["pypi.org"] } });
    expect(settingsOf(args)).toEqual({
      sandbox: {
        enabled: true,
        autoAllowBashIfSandboxed: true,
        failIfUnavailable: true,
        allowUnsandboxedCommands: false,
        network: { allowedDomains: ["pypi.org"] },
      },
    });
    expect(args.filter((arg) => arg === "--settings")).toHaveLength(1);
  });

  it("keep Arbor's own hooks beside the sandbox once the repository is no longer trusted", () => {
    const args = buildClaudeArgs({
      ...BASE,
      useProjectSettings: false,
      extraSettings: '{"hooks":{"Stop":[]}}',
      sandbox: { allowedDomains: [] },
    });
    expect(Object.keys(settingsOf(args))).toEqual(["hooks", "sandbox"]);
  });

  it("never sandbox Arbor's internal turns, which run no tools", () => {
    const args = buildClaudeArgs({ ...BASE, isInternal: true, sandbox: { allowedDomains: [] } });
    expect(settingsOf(args)).toEqual({ disableAllHooks: true });
  });
});
