import { describe, expect, it } from "vitest";
import { parseCliFlags, resolveArborConfig } from "./arbor-config.ts";

describe("resolveArborConfig", () => {
  it("defaults to 127.0.0.1:3000 with a data dir under the home directory", () => {
    const config = resolveArborConfig({ env: { HOME: "/home/u" }, flags: { isDev: false } });
    expect(config).toMatchObject({ host: "127.0.0.1", port: 3000, token: null });
    expect(config.databaseUrl).toBe(`file:${config.dataDir}/arbor.db`);
    expect(config.allowedHosts).toEqual(expect.arrayContaining(["localhost", "127.0.0.1", "[::1]"]));
  });

  it("lets flags override the environment", () => {
    const flags = parseCliFlags(["--port", "4010", "--data-dir=/tmp/arbor x"]);
    const config = resolveArborConfig({ env: { ARBOR_PORT: "5000", ARBOR_DATA_DIR: "/elsewhere" }, flags });
    expect(config.port).toBe(4010);
    expect(config.dataDir).toBe("/tmp/arbor x");
  });

  it("takes ARBOR_TOKEN or --token over the data directory's token, on any bind address", () => {
    const config = resolveArborConfig({
      env: { ARBOR_HOST: "0.0.0.0", ARBOR_TOKEN: "0123456789abcdef" },
      flags: { isDev: false },
    });
    expect(config.token).toBe("0123456789abcdef");
    expect(resolveArborConfig({ env: { ARBOR_HOST: "0.0.0.0" }, flags: { isDev: false } }).token).toBeNull();
    expect(resolveArborConfig({ env: {}, flags: parseCliFlags(["--token", "fedcba9876543210"]) }).token).toBe(
      "fedcba9876543210",
    );
  });

  it("runs agents at niceness 19 unless ARBOR_AGENT_NICENESS says otherwise", () => {
    expect(resolveArborConfig({ env: {}, flags: { isDev: false } }).agentNiceness).toBe(19);
    expect(resolveArborConfig({ env: { ARBOR_AGENT_NICENESS: "0" }, flags: { isDev: false } }).agentNiceness).toBe(0);
    expect(resolveArborConfig({ env: { ARBOR_AGENT_NICENESS: "10" }, flags: { isDev: false } }).agentNiceness).toBe(10);
  });

  it("rejects bad values with a message naming the setting", () => {
    expect(() => resolveArborConfig({ env: { ARBOR_PORT: "http" }, flags: { isDev: false } })).toThrow(/ARBOR_PORT/);
    expect(() => resolveArborConfig({ env: { ARBOR_TOKEN: "short" }, flags: { isDev: false } })).toThrow(
      /ARBOR_TOKEN must be at least 16 characters/,
    );
    expect(() =>
      resolveArborConfig({ env: { ARBOR_TOKEN: "sixteen chars or more" }, flags: { isDev: false } }),
    ).toThrow(/printable ASCII/);
    for (const niceness of ["20", "-1", "low", "2.5"])
      expect(() => resolveArborConfig({ env: { ARBOR_AGENT_NICENESS: niceness }, flags: { isDev: false } })).toThrow(
        /Invalid configuration ARBOR_AGENT_NICENESS: ARBOR_AGENT_NICENESS must be a whole number from 0 to 19/,
      );
    expect(() => parseCliFlags(["--bogus"])).toThrow(/Unknown option/);
    expect(() => parseCliFlags(["--port"])).toThrow(/needs a value/);
  });

  it("falls back to PORT and HOST the way Next and hosting platforms set them; ARBOR_* and flags win", () => {
    const fallback = resolveArborConfig({ env: { PORT: "4100", HOST: "localhost" }, flags: { isDev: false } });
    expect(fallback).toMatchObject({ port: 4100, host: "localhost" });
    const explicit = resolveArborConfig({
      env: { PORT: "4100", ARBOR_PORT: "4200", HOST: "localhost", ARBOR_HOST: "127.0.0.1" },
      flags: { isDev: false },
    });
    expect(explicit).toMatchObject({ port: 4200, host: "127.0.0.1" });
    expect(resolveArborConfig({ env: { PORT: "4100" }, flags: parseCliFlags(["--port", "4300"]) }).port).toBe(4300);
    expect(() => resolveArborConfig({ env: { PORT: "eighty" }, flags: { isDev: false } })).toThrow(/PORT/);
  });

  it("treats empty variables as unset and reads Claude Code's config folder like the CLI", () => {
    const config = resolveArborConfig({
      env: { ARBOR_PORT: "", DATABASE_URL: "", HOME: "/home/u", CLAUDE_CONFIG_DIR: "/cfg/claude" },
      flags: { isDev: false },
    });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe(`file:${config.dataDir}/arbor.db`);
    expect(config.claudeConfigDir).toBe("/cfg/claude");
    expect(resolveArborConfig({ env: { HOME: "/home/u" }, flags: { isDev: false } }).claudeConfigDir).toBe(
      "/home/u/.claude",
    );
  });

  it("reads --runner and --slots as a runner's clone and its agents at once, refusing what cannot be", () => {
    const flags = parseCliFlags(["--runner", "clones/app", "--slots=3"]);
    const config = resolveArborConfig({ env: {}, flags });
    expect(config.runner).toEqual({ path: expect.stringMatching(/\/clones\/app$/), slots: 3 });
    expect(resolveArborConfig({ env: {}, flags: parseCliFlags(["--runner", "/c"]) }).runner).toEqual({
      path: "/c",
      slots: 2,
    });
    expect(resolveArborConfig({ env: {}, flags: { isDev: false } }).runner).toBeNull();
    expect(() => parseCliFlags(["--slots", "2"])).toThrow(/give it with --runner <clone>/);
    for (const slots of ["0", "17", "two", "1.5"])
      expect(() => resolveArborConfig({ env: {}, flags: parseCliFlags(["--runner", "/c", "--slots", slots]) })).toThrow(
        `--slots must be a whole number from 1 to 16 (the runner's agents at once), not "${slots}".`,
      );
  });

  it("takes ARBOR_TEAM_KEY as the team's signing key, refusing one too short to be a secret", () => {
    const key = "0123456789abcdef".repeat(4);
    expect(resolveArborConfig({ env: { ARBOR_TEAM_KEY: key }, flags: { isDev: false } }).teamKey).toBe(key);
    expect(resolveArborConfig({ env: {}, flags: { isDev: false } }).teamKey).toBeNull();
    expect(() => resolveArborConfig({ env: { ARBOR_TEAM_KEY: "short" }, flags: { isDev: false } })).toThrow(
      "Invalid configuration ARBOR_TEAM_KEY: ARBOR_TEAM_KEY must be at least 32 characters (e.g. `openssl rand -hex 32`)",
    );
  });

  it("reads a runner's lease from ARBOR_RUNNER_LEASE_SECONDS, 30 s by default, and refuses nonsense", () => {
    expect(resolveArborConfig({ env: {}, flags: { isDev: false } }).runnerLeaseMs).toBe(30_000);
    expect(
      resolveArborConfig({ env: { ARBOR_RUNNER_LEASE_SECONDS: "5" }, flags: { isDev: false } }).runnerLeaseMs,
    ).toBe(5_000);
    for (const seconds of ["1", "ten", "4000", "2.5"])
      expect(() =>
        resolveArborConfig({ env: { ARBOR_RUNNER_LEASE_SECONDS: seconds }, flags: { isDev: false } }),
      ).toThrow(
        "Invalid configuration ARBOR_RUNNER_LEASE_SECONDS: ARBOR_RUNNER_LEASE_SECONDS must be a whole number of seconds from 3 to 3600",
      );
  });
});
