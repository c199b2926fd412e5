import { describe, expect, it } from "vitest";
import { resolveArborConfig } from "./arbor-config.ts";
import { parsePassEnv, whyNeverPassed } from "./pass-env.ts";

describe("ARBOR_PASS_ENV", () => {
  it("reads comma-separated names, trimmed, once each; unset is none", () => {
    expect(parsePassEnv(" JAVA_HOME, GOPATH,,JAVA_HOME ,venv_dir ")).toEqual(["JAVA_HOME", "GOPATH", "venv_dir"]);
    expect(parsePassEnv(undefined)).toEqual([]);
    const config = resolveArborConfig({ env: { ARBOR_PASS_ENV: "NVM_BIN,SDKMAN_DIR" }, flags: { isDev: false } });
    expect(config.passEnv).toEqual(["NVM_BIN", "SDKMAN_DIR"]);
  });

  it.each([
    ["ARBOR_TOKEN", /"ARBOR_TOKEN" cannot be passed: it is Arbor's own configuration/],
    ["DATABASE_URL", /"DATABASE_URL" cannot be passed: it holds the database's address and password/],
    ["PGPASSWORD", /"PGPASSWORD" cannot be passed: it is a PostgreSQL connection setting/],
    ["CLAUDE_CODE_USE_BEDROCK", /as ARBOR_CLAUDE_ENV_CLAUDE_CODE_USE_BEDROCK/],
    ["GIT_DIR", /would point Arbor's own git at another repository/],
    ["PAGER", /Arbor's git refuses to run with it/],
    ["BAD-NAME", /"BAD-NAME" cannot be passed: it is not a variable name/],
  ])("stops Arbor at start-up when it names %s, saying why", (name, message) => {
    expect(() => resolveArborConfig({ env: { ARBOR_PASS_ENV: `JAVA_HOME,${name}` }, flags: { isDev: false } })).toThrow(
      message,
    );
    expect(() => parsePassEnv(name)).toThrow(
      /Invalid configuration ARBOR_PASS_ENV: .*Remove it from ARBOR_PASS_ENV\.$/,
    );
  });

  it("says which variables never reach a child", () => {
    for (const name of ["ARBOR_PORT", "ARBOR_CLAUDE_ENV_X", "DATABASE_URL", "PGHOST", "PGSERVICE", "PGPASSFILE"])
      expect(whyNeverPassed(name)).not.toBeNull();
    for (const name of ["PATH", "JAVA_HOME", "DATABASE", "MY_ARBOR_TOKEN"]) expect(whyNeverPassed(name)).toBeNull();
  });
});
