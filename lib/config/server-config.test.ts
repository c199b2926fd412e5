import { describe, expect, it } from "vitest";
import { parseCliFlags, resolveServerConfig } from "./server-config.ts";

describe("resolveServerConfig", () => {
  it("defaults to 127.0.0.1:3000 with a data dir under the home directory", () => {
    const config = resolveServerConfig({ env: { HOME: "/home/u" }, flags: { isDev: false } });
    expect(config).toMatchObject({ host: "127.0.0.1", port: 3000, token: null });
    expect(config.databaseUrl).toBe(`file:${config.dataDir}/arbor.db`);
    expect(config.allowedHosts).toEqual(expect.arrayContaining(["localhost", "127.0.0.1", "[::1]"]));
  });

  it("lets flags override the environment", () => {
    const flags = parseCliFlags(["--port", "4010", "--data-dir=/tmp/arbor x"]);
    const config = resolveServerConfig({ env: { ARBOR_PORT: "5000", ARBOR_DATA_DIR: "/elsewhere" }, flags });
    expect(config.port).toBe(4010);
    expect(config.dataDir).toBe("/tmp/arbor x");
  });

  it("refuses a non-loopback bind without a token, and accepts it with one", () => {
    expect(() => resolveServerConfig({ env: { ARBOR_HOST: "0.0.0.0" }, flags: { isDev: false } })).toThrow(
      /without an access token/,
    );
    const config = resolveServerConfig({
      env: { ARBOR_HOST: "0.0.0.0", ARBOR_TOKEN: "0123456789abcdef" },
      flags: { isDev: false },
    });
    expect(config.token).toBe("0123456789abcdef");
  });

  it("rejects bad values with a message naming the setting", () => {
    expect(() => resolveServerConfig({ env: { ARBOR_PORT: "http" }, flags: { isDev: false } })).toThrow(/ARBOR_PORT/);
    expect(() => resolveServerConfig({ env: { ARBOR_TOKEN: "short" }, flags: { isDev: false } })).toThrow(
      /16 characters/,
    );
    expect(() => parseCliFlags(["--bogus"])).toThrow(/Unknown option/);
    expect(() => parseCliFlags(["--port"])).toThrow(/needs a value/);
  });
});
