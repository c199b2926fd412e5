import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { accessTokenFile, loadOrCreateAccessToken, readAccessToken } from "./access-token.ts";

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "arbor-token-"));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the access token file", () => {
  it("is generated once (32 random bytes, 0600) and then kept", () => {
    const dir = dataDir();
    expect(readAccessToken(dir)).toBeNull();
    const token = loadOrCreateAccessToken(dir);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(accessTokenFile(dir)).mode & 0o777).toBe(0o600);
    expect(loadOrCreateAccessToken(dir)).toBe(token);
    expect(readAccessToken(dir)).toBe(token);
    expect(loadOrCreateAccessToken(dataDir())).not.toBe(token);
  });

  it("tightens a readable copy to 0600, and replaces content that is not a token", () => {
    const dir = dataDir();
    const token = loadOrCreateAccessToken(dir);
    chmodSync(accessTokenFile(dir), 0o644);
    expect(readAccessToken(dir)).toBe(token);
    expect(statSync(accessTokenFile(dir)).mode & 0o777).toBe(0o600);
    writeFileSync(accessTokenFile(dir), "short\n");
    const replaced = loadOrCreateAccessToken(dir);
    expect(replaced).not.toBe("short");
    expect(readFileSync(accessTokenFile(dir), "utf8").trim()).toBe(replaced);
  });

  it("never follows a link planted in its place", () => {
    const dir = dataDir();
    const elsewhere = path.join(dataDir(), "victim");
    writeFileSync(elsewhere, "x".repeat(40));
    symlinkSync(elsewhere, accessTokenFile(dir));
    expect(() => readAccessToken(dir)).toThrow(/symbolic link/);
    expect(() => loadOrCreateAccessToken(dir)).toThrow(/symbolic link/);
    expect(readFileSync(elsewhere, "utf8")).toBe("x".repeat(40));
  });
});
