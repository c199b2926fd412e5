import { randomBytes } from "node:crypto";
import { closeSync, constants, fchmodSync, fstatSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error.ts";
import type { ArborConfig } from "./arbor-config.ts";
import { installConfig } from "./current-config.ts";

/** A generated token: 32 random bytes, base64url (43 characters). */
const GENERATED_TOKEN_BYTES = 32;
/** What a token file may hold: 32+ URL-safe characters (it travels in the `?token=` link). */
const TOKEN_FILE_PATTERN = /^[A-Za-z0-9._~-]{32,512}$/;

/** Where the access token lives: `<data dir>/access-token`, 0600, like Jupyter's runtime files. */
export function accessTokenFile(dataDir: string): string {
  return path.join(dataDir, "access-token");
}

/**
 * The configuration the server runs with: the token from ARBOR_TOKEN/--token when one is set,
 * else this data directory's token (generated at first start). Installed for getConfig(), so
 * after boot `config.token` is never null. Run once the data directory exists (0700).
 */
export function installAccessToken(config: ArborConfig): ArborConfig & { token: string } {
  const resolved = { ...config, token: config.token ?? loadOrCreateAccessToken(config.dataDir) };
  installConfig(resolved);
  return resolved;
}

/**
 * Reads the data directory's access token, creating it (0600, exclusively) when there is none
 * or it is not one Arbor wrote. A link planted in its place is refused rather than followed.
 */
export function loadOrCreateAccessToken(dataDir: string): string {
  const existing = readAccessToken(dataDir);
  if (existing) return existing;
  const file = accessTokenFile(dataDir);
  rmSync(file, { force: true });
  const token = randomBytes(GENERATED_TOKEN_BYTES).toString("base64url");
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    writeSync(fd, `${token}\n`);
  } finally {
    closeSync(fd);
  }
  return token;
}

/** The data directory's access token, or null when it has none yet (the `arbor` command, tests). */
export function readAccessToken(dataDir: string): string | null {
  let fd: number;
  try {
    fd = openSync(accessTokenFile(dataDir), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    if (code === "ELOOP") {
      throw new AppError(
        "conflict",
        `${accessTokenFile(dataDir)} is a symbolic link: Arbor does not follow it. Remove it and start Arbor again.`,
      );
    }
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return null;
    // An earlier copy made under a loose umask, or by hand: only this account may read it.
    if ((stat.mode & 0o077) !== 0) fchmodSync(fd, 0o600);
    const token = readFileSync(fd, "utf8").trim();
    return TOKEN_FILE_PATTERN.test(token) ? token : null;
  } finally {
    closeSync(fd);
  }
}
