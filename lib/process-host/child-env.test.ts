import { describe, expect, it } from "vitest";
import { buildChildEnv, type ChildProgram, type EnvMap } from "./child-env.ts";

const TOKEN = "access-token-0123456789";
const HOOK_TOKEN = "hook-token-abcdef0123456789";

/** A server's environment as a user might start Arbor: the usual, Arbor's own, the database's, and more. */
const inherited: EnvMap = {
  PATH: "/usr/bin:/bin",
  HOME: "/home/me",
  USER: "me",
  SHELL: "/bin/zsh",
  LANG: "en_GB.UTF-8",
  LC_ALL: "en_GB.UTF-8",
  TERM: "xterm-256color",
  TMPDIR: "/tmp/me",
  XDG_CONFIG_HOME: "/home/me/.config",
  SSH_AUTH_SOCK: "/run/user/1000/ssh",
  https_proxy: "http://proxy.example:3128",
  NODE_EXTRA_CA_CERTS: "/etc/ca.pem",
  GIT_AUTHOR_NAME: "Me",
  GIT_CONFIG_GLOBAL: "/home/me/.gitconfig-work",
  JAVA_HOME: "/opt/jdk",
  GOPATH: "/home/me/go",
  CLAUDE_CONFIG_DIR: "/home/me/.claude-work",
  ANTHROPIC_API_KEY: "sk-live",
  ANTHROPIC_BASE_URL: "https://proxy.example",
  DISABLE_TELEMETRY: "1",
  AWS_REGION: "eu-west-1",
  CLOUD_ML_REGION: "europe-west1",
  GH_TOKEN: "gho_user",
  DISPLAY: ":0",
  BROWSER: "firefox",
  CLAUDECODE: "1",
  CLAUDE_CODE_ENTRYPOINT: "cli",
  CLAUDE_CODE_MAX_RETRIES: "7",
  ARBOR_CLAUDE_ENV_CLAUDE_CODE_MAX_RETRIES: "1",
  ARBOR_CLAUDE_ENV_CLAUDE_CODE_USE_BEDROCK: "1",
  ARBOR_CLAUDE_ENV_: "ignored",
  ARBOR_TOKEN: TOKEN,
  ARBOR_PORT: "3000",
  ARBOR_DATA_DIR: "/home/me/.arbor",
  ARBOR_PASS_ENV: "TOOL_HOME,SHARED_LINK",
  DATABASE_URL: "postgresql://arbor:pw@db/arbor",
  PGPASSWORD: "pw",
  PGUSER: "arbor",
  PGPASSFILE: "/home/me/.pgpass",
  AWS_SECRET_ACCESS_KEY: "aws-secret",
  EDITOR: "vim",
  SOME_OTHER_SECRET: "s3cr3t",
  TOOL_HOME: "/opt/tool",
  SHARED_LINK: `http://127.0.0.1:3000/?token=${TOKEN}`,
  UNSET: undefined,
};

const build = (program: ChildProgram, more: Partial<Parameters<typeof buildChildEnv>[0]> = {}) =>
  buildChildEnv({ program, inherited, passNames: [], secrets: [TOKEN, HOOK_TOKEN], ...more });

const COMMON = {
  PATH: "/usr/bin:/bin",
  HOME: "/home/me",
  USER: "me",
  SHELL: "/bin/zsh",
  LANG: "en_GB.UTF-8",
  LC_ALL: "en_GB.UTF-8",
  TERM: "xterm-256color",
  TMPDIR: "/tmp/me",
  XDG_CONFIG_HOME: "/home/me/.config",
  SSH_AUTH_SOCK: "/run/user/1000/ssh",
  https_proxy: "http://proxy.example:3128",
  NODE_EXTRA_CA_CERTS: "/etc/ca.pem",
  GIT_AUTHOR_NAME: "Me",
  GIT_CONFIG_GLOBAL: "/home/me/.gitconfig-work",
};
const TOOLCHAINS = { JAVA_HOME: "/opt/jdk", GOPATH: "/home/me/go" };

describe("buildChildEnv", () => {
  it("gives each program the common variables and its own, nothing else", () => {
    expect(build("process-host")).toEqual(COMMON);
    expect(build("git")).toEqual({ ...COMMON, ...TOOLCHAINS });
    expect(build("setup")).toEqual({ ...COMMON, ...TOOLCHAINS });
    expect(build("gh")).toEqual({ ...COMMON, GH_TOKEN: "gho_user" });
    expect(build("browser")).toEqual({ ...COMMON, DISPLAY: ":0", BROWSER: "firefox" });
    expect(build("claude")).toEqual({
      ...COMMON,
      ...TOOLCHAINS,
      CLAUDE_CONFIG_DIR: "/home/me/.claude-work",
      ANTHROPIC_API_KEY: "sk-live",
      ANTHROPIC_BASE_URL: "https://proxy.example",
      DISABLE_TELEMETRY: "1",
      AWS_REGION: "eu-west-1",
      AWS_SECRET_ACCESS_KEY: "aws-secret",
      CLOUD_ML_REGION: "europe-west1",
      CLAUDE_CODE_MAX_RETRIES: "1",
      CLAUDE_CODE_USE_BEDROCK: "1",
    });
  });

  it("drops the parent's Claude Code session variables and passes ARBOR_CLAUDE_ENV_<NAME> to claude alone", () => {
    const claude = build("claude");
    expect(claude.CLAUDECODE).toBeUndefined();
    expect(claude.CLAUDE_CODE_ENTRYPOINT).toBeUndefined();
    expect(claude.CLAUDE_CODE_MAX_RETRIES).toBe("1");
    expect(Object.keys(claude).filter((name) => name.startsWith("ARBOR_"))).toEqual([]);
    expect(build("setup").CLAUDE_CODE_MAX_RETRIES).toBeUndefined();
  });

  it("passes ARBOR_PASS_ENV's names to claude, git and setup commands, not to gh, the browser or the host", () => {
    const passNames = ["TOOL_HOME", "EDITOR"];
    for (const program of ["claude", "git", "setup"] as const)
      expect(build(program, { passNames })).toMatchObject({ TOOL_HOME: "/opt/tool", EDITOR: "vim" });
    for (const program of ["gh", "browser", "process-host"] as const)
      expect(build(program, { passNames }).TOOL_HOME).toBeUndefined();
  });

  it("never passes Arbor's settings or the database's credentials, whatever the lists or overrides say", () => {
    const passNames = ["ARBOR_TOKEN", "DATABASE_URL", "PGPASSWORD"];
    const env = build("claude", {
      passNames,
      inherited: { ...inherited, ARBOR_CLAUDE_ENV_ARBOR_TOKEN: TOKEN, ARBOR_CLAUDE_ENV_PGHOST: "db" },
      overrides: { ARBOR_PORT: "1", PGSERVICE: "arbor" },
    });
    expect(Object.keys(env).filter((name) => /^(ARBOR_|PG)|^DATABASE_URL$/.test(name))).toEqual([]);
  });

  it("drops any variable whose value holds the access or hook token, as written or URL-encoded", () => {
    const token = "tok/en+with=odd&chars";
    const env = buildChildEnv({
      program: "claude",
      inherited: {
        ...inherited,
        SHARED_LINK: `http://127.0.0.1:3000/?token=${encodeURIComponent(token)}`,
        HOOK_HEADER: `X-Arbor-Hook-Token: ${HOOK_TOKEN}`,
        https_proxy: `http://me:${token}@proxy.example`,
        ARBOR_CLAUDE_ENV_ANTHROPIC_CUSTOM_HEADERS: `x: ${HOOK_TOKEN}`,
      },
      passNames: ["SHARED_LINK", "HOOK_HEADER"],
      secrets: [token, HOOK_TOKEN, null, ""],
    });
    expect(env.SHARED_LINK).toBeUndefined();
    expect(env.HOOK_HEADER).toBeUndefined();
    expect(env.https_proxy).toBeUndefined();
    expect(env.ANTHROPIC_CUSTOM_HEADERS).toBeUndefined();
    // An empty or missing secret matches nothing: everything else is still there.
    expect(env.PATH).toBe("/usr/bin:/bin");
  });

  it("applies overrides last and leaves the input untouched", () => {
    const copy = { ...inherited };
    const env = build("claude", { overrides: { CLAUDE_CODE_MAX_RETRIES: "0", HOME: "/tmp/home" } });
    expect(env.CLAUDE_CODE_MAX_RETRIES).toBe("0");
    expect(env.HOME).toBe("/tmp/home");
    expect(inherited).toEqual(copy);
  });
});
