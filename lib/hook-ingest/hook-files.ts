import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where Arbor keeps the files its hook needs, inside the data directory. */
export function hookFiles(dataDir: string) {
  return {
    tokenFile: path.join(dataDir, "hook-token"),
    spoolDir: path.join(dataDir, "hook-spool"),
    rejectedDir: path.join(dataDir, "hook-spool", "rejected"),
    scriptPath: path.join(dataDir, "bin", "arbor-hook"),
    /** curl reads the hook's header (the hook token) from here, so it never appears on a command line. */
    headersFile: path.join(dataDir, "bin", "arbor-hook.headers"),
    backupDir: path.join(dataDir, "backups"),
  };
}

/**
 * The per-install token every hook delivery must carry. Created once (0600) and kept, so
 * installed hooks keep working across restarts; another install has another token.
 */
export function loadOrCreateHookToken(dataDir: string): string {
  const { tokenFile } = hookFiles(dataDir);
  if (existsSync(tokenFile)) {
    const token = readFileSync(tokenFile, "utf8").trim();
    if (token.length >= 32) return token;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const token = randomBytes(24).toString("hex");
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  chmodSync(tokenFile, 0o600);
  return token;
}
